// The one piece of jsdom the server render uses (a window for DOMPurify); the full types are not installed.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: unknown;
  }
}
