/** Scenario files bundled as text (esbuild's text loader). */
declare module '*.yaml' {
  const text: string
  export default text
}
