const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Pickup and drop addresses arrive base64-encoded UTF-8 (spec §3). atob alone yields one character per
 * byte, which garbles every non-ASCII address (Hindi, accented names), so the bytes go through a
 * TextDecoder. Anything that is not valid base64 of valid UTF-8 is shown as it came.
 */
export function decodeBase64Text(value: string | null | undefined): string {
  if (!value) return '';
  try {
    const binary = atob(value.trim());
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return decoder.decode(bytes);
  } catch {
    return value;
  }
}
