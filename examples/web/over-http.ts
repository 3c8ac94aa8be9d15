/**
 * The example front end against the fake over HTTP, from another origin (CORS): start it with
 * `npm start` (or `npx audio-task-mock --cors-origin http://127.0.0.1:5173`) and open the page
 * with ?api=http://127.0.0.1:4010 (the default).
 */
import { mountApp } from './app.js'

const api = new URL(location.href).searchParams.get('api') ?? 'http://127.0.0.1:4010'
mountApp({ baseUrl: api.replace(/\/+$/, ''), apiKey: 'demo-key' })
