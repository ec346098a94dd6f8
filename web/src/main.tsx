import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadFor } from './app/router.tsx';
import './styles.css';

// The first screen's chunks start downloading now, not after React's first render.
preloadFor(window.location.hash);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
