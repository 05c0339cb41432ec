// Files another branch is rewriting this session (issue 23's world state and op list in the
// landscape's modules and the scene's face): the type check's, the lint's and the size check's findings there are printed,
// not failed, until that work lands and its types are fixed. The list only shrinks; it is to be
// empty by the end of the session.
export const PENDING = [
  /^web\/landscape-(?!element|loader|params)[\w-]+\.js$/,
  /^cpp\/bindings\/scene\.face\.js$/,
  // The declarations' check against the source: fails where landscape-mount.js's handle is untyped.
  /^tests\/types\/declarations\.check\.ts$/,
];
export const pending = (file) => PENDING.some((re) => re.test(file));
