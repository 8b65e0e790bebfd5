/**
 * The ALTCHA widget, loaded only when a captcha is shown (never on the first page). The `external` build carries no
 * inline worker or style: its styles come as a CSS file and its worker as a script of our own origin, so the CSP's
 * script-src 'self' covers them (no blob: workers; docs/captcha.md).
 */
import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';

// Our server's challenges are SHA-256 ones (packages/server/src/modules/captcha/service.ts).
globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());
