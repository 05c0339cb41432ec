// What the Emscripten factory gives the --post-js files of cpp/bindings/ (they run inside it, in one
// scope): the module object under construction and the runtime's init hook.
declare var Module: any;
declare function addOnInit(f: () => void): void;
// landscape.imports.js is an Emscripten --js-library, run by emcc itself.
declare function mergeInto(library: object, functions: object): void;
declare var LibraryManager: { library: object };
