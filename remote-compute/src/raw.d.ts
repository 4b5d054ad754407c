/** `?raw` imports: the file's text (the build's `asset/source` rule; Vite does the same in tests). */
declare module '*?raw' {
  const text: string;
  export default text;
}
