import { useId } from 'react';

export interface ChartBar {
  key: string;
  /** the bar's label under the axis (the period) */
  label: string;
  value: number;
  /** the value as the reader reads it (currency formatted) */
  valueText: string;
}

interface Props {
  title: string;
  desc: string;
  /** the value axis' label (with its unit) */
  axisLabel: string;
  /** the period axis' label */
  periodLabel: string;
  bars: readonly ChartBar[];
  /** a tick value as text (currency formatted, short) */
  tick: (n: number) => string;
  /** a bar's accessible name: "period: amount" */
  barName: (bar: ChartBar) => string;
}

const W = 640;
const H = 260;
const M = { top: 16, right: 12, bottom: 56, left: 72 };

/** Round tick steps: 1, 2 or 5 times a power of ten, about four steps over the range. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  const lo = Math.min(0, min);
  const hi = Math.max(0, max);
  if (hi === lo) return [0];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * mag >= raw) ?? 10) * mag;
  const ticks: number[] = [];
  for (let v = Math.floor(lo / step) * step; v <= hi + step * 1e-9; v += step) ticks.push(Math.round(v * 100) / 100);
  if ((ticks.at(-1) ?? 0) < hi) ticks.push((ticks.at(-1) ?? 0) + step);
  return ticks;
}

/**
 * A bar chart in plain SVG (no chart library; docs/driver.md "Earnings"): one series, so no meaning rests on colour;
 * labelled axes; each bar named by its period and amount; the figure described, and the same numbers in the page's
 * table. At most about 12 period labels are written under the axis (every nth) so they never overlap.
 */
export function EarningsChart({ title, desc, axisLabel, periodLabel, bars, tick, barName }: Props) {
  const id = useId();
  const values = bars.map((b) => b.value);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const lo = ticks[0] ?? 0;
  const hi = ticks.at(-1) ?? 1;
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const y = (v: number) => M.top + plotH - ((v - lo) / (hi - lo || 1)) * plotH;
  const slot = plotW / Math.max(1, bars.length);
  const barW = Math.max(1, Math.min(48, slot * 0.7));
  const labelEvery = Math.max(1, Math.ceil(bars.length / 12));

  return (
    <figure className="earnings-chart" data-testid="earnings-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{desc}</desc>
        <g className="earnings-chart__grid">
          {ticks.map((v) => (
            <g key={v}>
              <line x1={M.left} x2={W - M.right} y1={y(v)} y2={y(v)} />
              <text x={M.left - 6} y={y(v)} dy="0.32em" textAnchor="end">
                {tick(v)}
              </text>
            </g>
          ))}
        </g>
        <text
          className="earnings-chart__axis-label"
          transform={`translate(14 ${M.top + plotH / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {axisLabel}
        </text>
        <text className="earnings-chart__axis-label" x={M.left + plotW / 2} y={H - 6} textAnchor="middle">
          {periodLabel}
        </text>
        <g className="earnings-chart__bars">
          {bars.map((b, i) => {
            const x = M.left + slot * i + (slot - barW) / 2;
            const top = y(Math.max(0, b.value));
            const height = Math.max(b.value === 0 ? 0 : 1, Math.abs(y(b.value) - y(0)));
            return (
              <rect
                key={b.key}
                x={x}
                y={top}
                width={barW}
                height={height}
                data-testid="earnings-bar"
                data-value={b.value}
              >
                <title>{barName(b)}</title>
              </rect>
            );
          })}
        </g>
        <line className="earnings-chart__zero" x1={M.left} x2={W - M.right} y1={y(0)} y2={y(0)} />
        <g className="earnings-chart__periods">
          {bars.map((b, i) =>
            i % labelEvery === 0 ? (
              <text key={b.key} x={M.left + slot * i + slot / 2} y={M.top + plotH + 16} textAnchor="middle">
                {b.label}
              </text>
            ) : null,
          )}
        </g>
      </svg>
    </figure>
  );
}
