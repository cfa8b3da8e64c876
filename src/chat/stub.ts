import { CHAT_WANTED_EVENT } from './pageConfig'

/**
 * The always-loaded part of the chat, inlined in every page (a few hundred bytes): defines
 * window.LiveChatWidget, queues calls until the widget loads, and opens it from any
 * `.chat-button`. A maximize request asks the loader to fetch the widget now.
 */
export const CHAT_STUB_SCRIPT = `(function(w,d){if(w.LiveChatWidget)return;var q=[],a={_q:q};
['call','on','once','off'].forEach(function(m){a[m]=function(){q.push([m,[].slice.call(arguments)]);if(m=='call'&&arguments[0]=='maximize'){a._w=1;d.dispatchEvent(new Event('${CHAT_WANTED_EVENT}'))}}});
a.get=function(k){return k=='state'?{availability:'offline',visibility:'minimized'}:k=='customer_data'?{name:'',email:'',status:'browsing',sessionVariables:{}}:void 0};
w.LiveChatWidget=a;d.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('.chat-button');if(b){e.preventDefault();w.LiveChatWidget.call('maximize')}})})(window,document)`.replace(
  /\n/g,
  '',
)

export type LiveChatWidgetApi = Record<string, unknown> & { _q?: [string, unknown[]][]; _w?: number }
