/**
 * embed.html's player features (see src/player/features.ts): it plays built-in scenarios only, so it carries
 * none of what long imported transcripts and a shell's notes need.
 */
export const TRANSCRIPT_FEATURES: boolean = false;
