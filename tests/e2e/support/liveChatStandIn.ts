import http from 'node:http'

/** Port offset from E2E_PORT where scripts/e2e-server.mjs points LIVECHAT_SCRIPT_URL and LIVECHAT_API_URL. */
export const LIVECHAT_STAND_IN_OFFSET = 9

/**
 * A loopback stand-in for LiveChat's tracking script: it consumes window.LiveChatWidget._q
 * and then answers the widget API v2 itself (call/get/on/once/off), recording what it was
 * asked so that a test can see our calls reach "LiveChat".
 */
const TRACKING_SCRIPT = `(function(w){
  var api = w.LiveChatWidget || { _q: [] };
  var queued = api._q || [];
  var handlers = {};
  var state = { availability: 'online', visibility: 'minimized' };
  var customer = { name: '', email: '', status: 'browsing', sessionVariables: {} };
  var calls = [];
  api._standIn = { license: (w.__lc || {}).license, group: (w.__lc || {}).group, calls: calls };
  api.call = function (method, arg) {
    calls.push([method, arg]);
    if (method === 'maximize' || method === 'minimize' || method === 'hide') {
      state.visibility = method === 'hide' ? 'hidden' : method + 'd';
      (handlers.visibility_changed || []).forEach(function (f) { f({ visibility: state.visibility }); });
    }
    if (method === 'set_customer_name') customer.name = arg;
    if (method === 'set_customer_email') customer.email = arg;
  };
  api.get = function (key) { return key === 'state' ? state : key === 'customer_data' ? customer : undefined; };
  api.on = function (name, f) { (handlers[name] = handlers[name] || []).push(f); };
  api.once = api.on;
  api.off = function (name, f) { handlers[name] = (handlers[name] || []).filter(function (g) { return g !== f; }); };
  api._q = [];
  w.LiveChatWidget = api;
  queued.forEach(function (entry) { api[entry[0]].apply(null, entry[1]); });
  (handlers.ready || []).forEach(function (f) { f({ state: state, customerData: customer }); });
})(window);`

/** How the stand-in's configuration lookup answers; `down` answers 503 (a region that cannot be reached). */
export type StandInAnswer =
  'ok' | 'license_not_found' | 'license_expired' | 'domain_not_allowed' | 'wrong_product' | 'down'

/** LiveChat's `get_dynamic_configuration` answer for each case, in its own shape. */
function dynamicConfiguration(answer: StandInAnswer, license: string, group: number): unknown {
  const active = {
    organization_id: `org-${license}`,
    livechat_active: true,
    default_widget: 'livechat',
    livechat: {
      group_id: group,
      client_limit_exceeded: false,
      domain_allowed: true,
      config_version: '1',
      language: 'en',
    },
  }
  switch (answer) {
    case 'license_not_found':
      return { error: { type: 'license_not_found', message: 'License not found' } }
    case 'license_expired':
      return { error: { type: 'license_expired', message: 'License expired' } }
    case 'domain_not_allowed':
      return { ...active, livechat: { ...active.livechat, domain_allowed: false } }
    case 'wrong_product':
      return { ...active, default_widget: 'openwidget' }
    default:
      return active
  }
}

export type LiveChatStandIn = {
  url: string
  /** Every path (with query) the browser asked the stand-in for, in order. */
  requests: string[]
  answer: StandInAnswer
  stop: () => Promise<void>
}

export async function startLiveChatStandIn(port: number): Promise<LiveChatStandIn> {
  const standIn = { requests: [] as string[], answer: 'ok' as StandInAnswer }
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    standIn.requests.push(url.pathname + url.search)
    if (url.pathname === '/tracking.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Access-Control-Allow-Origin': '*' })
      response.end(TRACKING_SCRIPT)
      return
    }
    if (/^\/v3\.\d+\/customer\/action\/get_dynamic_configuration$/.test(url.pathname)) {
      const callback = url.searchParams.get('jsonp') ?? ''
      if (standIn.answer === 'down' || !/^[\w$]+$/.test(callback)) return void response.writeHead(503).end()
      const body = dynamicConfiguration(
        standIn.answer,
        url.searchParams.get('license_id') ?? '',
        Number(url.searchParams.get('group_id')),
      )
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' })
      response.end(`${callback}(${JSON.stringify(body)});`)
      return
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}/tracking.js`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}
