// The landscape embed's entry: importing it defines <noisefield-landscape> (landscape-element.js)
// and gives mount() and the rest (landscape-mount.js). The same file means the same in the npm
// package (`noisefield/landscape`), in dist/landscape/ and here; landscape-element.js, which this
// re-exports, is the same entry under its former name.
export * from './landscape-element.js';
