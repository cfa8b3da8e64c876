import http from 'node:http'

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

export async function startLiveChatStandIn(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/tracking.js')) {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Access-Control-Allow-Origin': '*' })
      response.end(TRACKING_SCRIPT)
      return
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}/tracking.js`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
