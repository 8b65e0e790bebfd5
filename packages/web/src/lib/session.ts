import type { EntryMode, SessionResponse, SessionUser, UserInfo } from '@selfserve/contract';
import { createContext, useContext } from 'react';

/** Who is using the app and where: the one piece of global client state (DESIGN.md). */
export interface SessionState {
  /** 'loading' until the first session answer; 'error' when it could not be fetched. */
  status: 'loading' | 'ready' | 'error';
  user: SessionUser | null;
  inApp: boolean;
  entryMode: EntryMode;
  demo: boolean;
  csrfToken: string | null;
  /** The UK site hides sign-in and the app download (spec §6). */
  ukHost: boolean;
  /** get_user_info for the signed-in user, once loaded. */
  userInfo: UserInfo | undefined;
  /** Progress of get_user_info: 'idle' for visitors. */
  userInfoStatus: 'idle' | 'pending' | 'error' | 'success';
  /** Paid Select member: the session says so and get_user_info confirms it. */
  isMember: boolean;
  /**
   * Auto-renewal of a trial membership (get_select_details), asked only for trial members:
   * null while unknown or not applicable.
   */
  autorenew: boolean | null;
  /** Master switches (spec §6): false hides that channel everywhere. */
  switches: SessionResponse['switches'];
  /** Whether this server can deliver one-time sign-in codes (it cannot without mail, outside demo mode). */
  codeSignIn: boolean;
  /** The parent pages a share-pass popup may post CLOSE to (docs/embedding.md); none configured, none posted. */
  parentOrigins: readonly string[];
  /** Where "Download the app" leads this browser (the server's APP_DOWNLOAD_URL… for its platform); null: no link. */
  appDownloadUrl: string | null;
}

/** Until the session answers every channel counts as on; the server's switches then decide. */
export const allSwitchesOn: SessionResponse['switches'] = { write_to_us: true, call_us: true, chat: true };

export const visitorSession: SessionState = {
  status: 'loading',
  user: null,
  inApp: false,
  entryMode: 'customer_website',
  demo: false,
  csrfToken: null,
  ukHost: false,
  userInfo: undefined,
  userInfoStatus: 'idle',
  isMember: false,
  autorenew: null,
  switches: allSwitchesOn,
  codeSignIn: true,
  parentOrigins: [],
  appDownloadUrl: null,
};

export const SessionContext = createContext<SessionState>(visitorSession);

export function useSession(): SessionState {
  return useContext(SessionContext);
}
