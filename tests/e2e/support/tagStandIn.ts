import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** Port 0: the system picks a free loopback port, so suites of several checkouts never collide. */
export const TAG_STAND_IN_PORT = 0

export type RecordedRequest = { method: string; path: string; url: URL; userAgent: string }

/*
 * Stand-ins for the tag services, speaking their public surface over HTTP: gtag.js and gtm.js read
 * `window.dataLayer` (gtag commands are `arguments` objects) and send hits to /g/collect with the
 * page location they were given (or the page's own, as the real ones do); the Clarity and Hotjar
 * scripts drain their command queues. Every request is recorded.
 */
const GTAG_JS = `(function(){
  var w=window, origin=document.currentScript && new URL(document.currentScript.src).origin;
  var state={consent:{}, config:{}, fields:{}};
  function hit(params){
    var q=new URLSearchParams(params);
    q.set('gcs', state.consent.analytics_storage==='granted' ? 'G111' : 'G100');
    fetch(origin+'/g/collect?'+q.toString(), {method:'POST', mode:'no-cors', keepalive:true});
  }
  function run(cmd){
    var a=Array.prototype.slice.call(cmd);
    if(a[0]==='consent'){ Object.assign(state.consent, a[2]); return }
    if(a[0]==='set'){ if(typeof a[1]==='object') Object.assign(state.fields, a[1]); else state.fields[a[1]]=a[2]; return }
    if(a[0]==='config'){ state.config[a[1]]=a[2]||{}; Object.assign(state.fields, {page_location:(a[2]||{}).page_location, page_referrer:(a[2]||{}).page_referrer}); return }
    if(a[0]==='event'){
      var p=a[2]||{};
      Object.keys(state.config).forEach(function(tid){
        hit({v:'2', tid:tid, en:a[1], dl:p.page_location||state.fields.page_location||location.href, dr:p.page_referrer||state.fields.page_referrer||document.referrer});
      });
    }
  }
  var dl=w.dataLayer=w.dataLayer||[];
  dl.forEach(function(c){ if(c && typeof c.length==='number') run(c) });
  var push=dl.push;
  dl.push=function(){ for(var i=0;i<arguments.length;i++){ var c=arguments[i]; if(c && typeof c.length==='number') run(c) } return push.apply(dl, arguments) };
  w.__standInGtag=state;
})();`

const GTM_JS = `(function(){
  var w=window, origin=document.currentScript && new URL(document.currentScript.src).origin;
  var seen=w.__standInGtm={events:[]};
  function run(entry){
    if(!entry || typeof entry.length==='number' || !entry.event) return;
    seen.events.push(entry.event);
    if(String(entry.event).indexOf('gtm.')===0) return;
    fetch(origin+'/gtm/collect?'+new URLSearchParams({en:entry.event, dl:entry.page_location||location.href}).toString(), {mode:'no-cors', keepalive:true});
  }
  var dl=w.dataLayer=w.dataLayer||[];
  dl.forEach(run);
  var push=dl.push;
  dl.push=function(){ for(var i=0;i<arguments.length;i++) run(arguments[i]); return push.apply(dl, arguments) };
})();`

const QUEUE_JS = (global: string) => `(function(){
  var f=window.${global}; var q=(f&&f.q)||[];
  window.${global}=function(){ (window.${global}.calls=window.${global}.calls||[]).push([].slice.call(arguments)) };
  window.${global}.calls=q.slice(); window.${global}.loaded=true;
})();`

export async function startTagStandIn(port = TAG_STAND_IN_PORT) {
  const requests: RecordedRequest[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    requests.push({ method: req.method ?? 'GET', path: url.pathname, url, userAgent: req.headers['user-agent'] ?? '' })
    req.resume()
    const js = (body: string) => res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(body)
    if (url.pathname === '/gtag/js') return js(GTAG_JS)
    if (url.pathname === '/gtm.js') return js(GTM_JS)
    if (url.pathname.startsWith('/tag/')) return js(QUEUE_JS('clarity'))
    if (/^\/c\/hotjar-.+\.js$/.test(url.pathname)) return js(QUEUE_JS('hj'))
    res.writeHead(204, { 'Access-Control-Allow-Origin': '*' }).end()
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** Paths requested so far, in order. */
    paths: () => requests.map((request) => request.path),
    hits: () => requests.filter((request) => request.path === '/g/collect'),
    clear: () => requests.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
export type TagStandIn = Awaited<ReturnType<typeof startTagStandIn>>
