// The sprite's import, typed here: Next's own declaration for image imports is in a file that
// `next build` and `next dev` generate, absent when a fresh clone type-checks first. The build
// hashes the file and gives its URL.
declare const sprite: { src: string };
export default sprite;
