/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the real service is, for a production build ('' for the page's own origin). */
  readonly VITE_API_URL?: string
}
