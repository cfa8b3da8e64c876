/** Remembers, for the tab, which admin save the preview last reloaded for, so each save reloads once. */
export const LIVE_PREVIEW_RELOADED_KEY = 'site-preview-reloaded-for'

/**
 * The inline script a previewed page carries (public pages never do). Inside the admin's live
 * preview pane it tells the admin it is ready, then reloads once for each save the admin reports:
 * after a save, Payload 3.90's admin posts `{ type: 'payload-live-preview',
 * externallyUpdatedRelationship: { entitySlug, id, updatedAt } }` to the pane (with every later
 * keystroke too, hence the remembered save). Messages from anywhere but this origin's parent are ignored.
 */
export const LIVE_PREVIEW_RELOAD_SCRIPT = `(()=>{if(window.parent===window)return;const o=location.origin;window.parent.postMessage({type:'payload-live-preview',ready:true},o);addEventListener('message',(e)=>{const d=e.data,u=d&&d.type==='payload-live-preview'&&d.externallyUpdatedRelationship;if(e.origin!==o||e.source!==window.parent||!u||!u.updatedAt)return;const s=[u.entitySlug,u.id,u.updatedAt].join(' ');try{if(sessionStorage.getItem('${LIVE_PREVIEW_RELOADED_KEY}')===s)return;sessionStorage.setItem('${LIVE_PREVIEW_RELOADED_KEY}',s)}catch{return}location.reload()})})()`
