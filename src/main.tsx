import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './styles.css'
import './i18n'

// TODO(shell): router, providers. Placeholder so the build pipeline runs end to end.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>Salon</main>
  </StrictMode>,
)
