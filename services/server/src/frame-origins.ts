/** FRAME_ORIGINS: a comma list of origins (https://tv.example.com) live TV and score frames may come from. */
export const frameOriginsFromEnv = (env: NodeJS.ProcessEnv = process.env): string[] =>
  (env.FRAME_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
