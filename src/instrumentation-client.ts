// Runs in the page's first script task, before Next starts the app (Next's instrumentation-client):
// React DOM is instantiated here, and the app starts in a task of its own (src/dom/startup.ts).
import 'react-dom/client'
import { startAppInItsOwnTask } from '@/dom/startup'

startAppInItsOwnTask()
