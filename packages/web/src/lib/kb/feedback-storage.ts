/**
 * 'Was this helpful?' answers kept in this browser so an article asks only once: per article id, and per CRN when the
 * article was opened for a ride (a visitor's only memory of it; a signed-in reader's is also on the server).
 */
const key = (articleId: string, crn: string | null) => `selfserve.kb.feedback.${articleId}${crn ? `.${crn}` : ''}`;

export function readFeedback(articleId: string, crn: string | null = null): boolean | null {
  try {
    const value = window.localStorage.getItem(key(articleId, crn));
    return value === 'yes' ? true : value === 'no' ? false : null;
  } catch {
    return null;
  }
}

export function rememberFeedback(articleId: string, helpful: boolean, crn: string | null = null): void {
  try {
    window.localStorage.setItem(key(articleId, crn), helpful ? 'yes' : 'no');
  } catch {
    // Blocked storage: the answer still counts on the server, the question may show again next time.
  }
}
