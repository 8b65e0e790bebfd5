/** 'Was this helpful?' answers kept in this browser so an article asks only once (per article id). */
const key = (articleId: string) => `selfserve.kb.feedback.${articleId}`;

export function readFeedback(articleId: string): boolean | null {
  try {
    const value = window.localStorage.getItem(key(articleId));
    return value === 'yes' ? true : value === 'no' ? false : null;
  } catch {
    return null;
  }
}

export function rememberFeedback(articleId: string, helpful: boolean): void {
  try {
    window.localStorage.setItem(key(articleId), helpful ? 'yes' : 'no');
  } catch {
    // Blocked storage: the answer still counts on the server, the question may show again next time.
  }
}
