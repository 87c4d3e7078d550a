// The panel's stylesheet, imported for its side effect: Vite puts it in the page. TypeScript 7 checks that
// a side-effect import names a module it knows (noUncheckedSideEffectImports), and a .css file is none.
declare module '*.css';
