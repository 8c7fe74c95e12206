/** The message to show for a failed call: the server's own words (SPEC.md section 8). */
export const errorMessage = (e: unknown, fallback = 'Something went wrong, please try again'): string =>
  e instanceof Error && e.message !== '' ? e.message : fallback;
