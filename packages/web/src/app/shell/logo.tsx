/** Inline so the header paints without another request. */
export function Logo() {
  return (
    <svg className="logo" aria-hidden="true" focusable="false" width="32" height="32" viewBox="0 0 32 32">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        fill="#fff"
        d="M9 10.5A3.5 3.5 0 0 1 12.5 7h7a3.5 3.5 0 0 1 3.5 3.5v6a3.5 3.5 0 0 1-3.5 3.5H15l-4.2 3.6c-.6.5-1.3.1-1.3-.6V20A3.5 3.5 0 0 1 9 16.5z"
      />
      <circle cx="12.8" cy="13.5" r="1.3" fill="currentColor" />
      <circle cx="16" cy="13.5" r="1.3" fill="currentColor" />
      <circle cx="19.2" cy="13.5" r="1.3" fill="currentColor" />
    </svg>
  );
}
