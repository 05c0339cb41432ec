// The link preview's picture: the size link-preview cards use, and the pitch (CSS px per buffer
// pixel) the edge renders it at, chosen so that a cold render fits the Workers CPU limit
// (bench/results.md, "Link previews at the edge"). The query's own pitch (mount option `pitch`,
// URL px) is the sharer's screen's and does not reach the preview.
export const PREVIEW = { width: 1200, height: 630, pitch: 3, pitchOption: 'pitch' };
