/** The English dictionary split by the build (vite.config.ts, splitDictionary): the first load's sections … */
declare module 'virtual:site-dictionary/shell' {
  const sections: Record<string, object>;
  export default sections;
}

/** … and the sections of pages that load on demand. */
declare module 'virtual:site-dictionary/deferred' {
  const sections: Record<string, object>;
  export default sections;
}
