import { coded, errorResponseSchema, type TicketResponse, ticketResponseSchema } from '@selfserve/contract';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import type { SessionState } from '../src/lib/session';
import { renderAppRoutes, riya, userInfo } from './utils';

export const signedInRiya: Partial<SessionState> = {
  user: riya,
  userInfo: userInfo({ email: riya.email, name: riya.name, is_select: false, active_subscription: null }),
  userInfoStatus: 'success',
};

export function created(ticketId = '4810999', requestStatus: TicketResponse['request_status'] = 'CREATED') {
  return ticketResponseSchema.parse({
    status: 'SUCCESS',
    request_status: requestStatus,
    ticket_id: ticketId,
    ...coded(requestStatus === 'CREATED' ? 'ticketSuccess' : 'ticketAlreadyOpen'),
  });
}

export function failure(status: number, code: string, message: string, fields?: Record<string, string>) {
  const body = errorResponseSchema.parse({
    status: 'FAILURE',
    error: { code, message, ...(fields ? { fields } : {}) },
  });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A recorded XMLHttpRequest the test answers itself (uploads go through XHR for their progress). */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
  /** The uploaded file (multipart field `file`). */
  file(): File | null {
    return this.body instanceof FormData ? (this.body.get('file') as File | null) : null;
  }
}

export function uploaded(documentId: string) {
  return { status: 'SUCCESS', id: { document_id: documentId } };
}

/** A file of the given type and size without allocating the bytes. */
export function imageFile(name = 'photo.png', type = 'image/png', size = 2048): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/**
 * Renders `element` at `path` inside a memory data router (the form's back handling needs one), after an
 * earlier page `/before` so there is history to go back to; /home and /verify-email are stand-ins.
 */
export function renderInRouter(
  element: ReactElement,
  options: {
    path?: string;
    entry?: string;
    session?: Partial<SessionState>;
    extraRoutes?: RouteObject[];
    /** /home never finishes loading, so a page heading there stays in its redirecting state. */
    slowHome?: boolean;
  } = {},
) {
  const path = options.path ?? '/form';
  return renderAppRoutes(
    [
      { path, element },
      { path: '/before', element: <p>The page before</p> },
      options.slowHome
        ? { path: '/home', lazy: () => new Promise<never>(() => {}) }
        : { path: '/home', element: <h1>Home page</h1> },
      { path: '/main', element: <h1>Main page</h1> },
      { path: '/verify-email', element: <h1>Verify page</h1> },
      ...(options.extraRoutes ?? []),
    ],
    { initialEntries: ['/before', options.entry ?? path], initialIndex: 1 },
    { ...signedInRiya, ...options.session },
  );
}
