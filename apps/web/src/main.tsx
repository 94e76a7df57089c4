import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Montserrat stands in for proxima-nova (licensed, not bundled); these are the weights the theme uses.
import '@fontsource/montserrat/300.css';
import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/500.css';
import '@fontsource/montserrat/600.css';
import { App } from './app/app.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
