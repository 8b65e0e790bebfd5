import { addFeatureLabels } from '../../lib/i18n';

/** The zoom buttons of an article image or a ride's map (components/zoomable/zoomable.tsx). */
const zoomEn = {
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  reset: 'Reset zoom',
  controls: 'Zoom: {{percent}}%',
};
export type ZoomLabels = typeof zoomEn;

declare module '../../lib/i18n' {
  interface FeatureLabels {
    zoom: ZoomLabels;
  }
}

const zoomHi: ZoomLabels = {
  zoomIn: 'ज़ूम इन करें',
  zoomOut: 'ज़ूम आउट करें',
  reset: 'ज़ूम रीसेट करें',
  controls: 'ज़ूम: {{percent}}%',
};

addFeatureLabels('zoom', { en: zoomEn, hi: zoomHi });
