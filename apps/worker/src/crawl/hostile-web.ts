import { createSocket } from 'node:dgram';
import { createServer, type AddressInfo, type Socket } from 'node:net';

/** A server the guarded fetcher refuses, recording everything that reaches it: each TCP
 * connection and what it began with (a preconnect sends nothing, a WebSocket or a prefetch an
 * HTTP request line, wss: a TLS hello, TURN over TCP a binary STUN message), and each UDP
 * datagram (STUN and ICE checks, QUIC). A crawl must leave the list empty. */
export async function startVictim(host: string) {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const tcp = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    seen.push('tcp connection');
    socket.once('data', (chunk) => {
      const line = chunk.toString('latin1').split('\r\n')[0]!;
      const kind = /^[A-Z]+ \S+ HTTP\//.test(line)
        ? line
        : chunk[0] === 0x16
          ? 'a TLS hello'
          : `${chunk.length} binary bytes`;
      seen.push(`tcp began with ${kind}`);
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 4\r\nconnection: close\r\n\r\nleak');
    });
  });
  await new Promise<void>((resolve) => tcp.listen(0, host, resolve));
  const udp = createSocket('udp4');
  udp.on('message', (message) => seen.push(`udp ${message.length} bytes`));
  await new Promise<void>((resolve) => udp.bind(0, host, resolve));
  return {
    host,
    tcpPort: (tcp.address() as AddressInfo).port,
    udpPort: udp.address().port,
    seen,
    close: () =>
      Promise.all([
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          tcp.close(() => resolve());
        }),
        new Promise<void>((resolve) => udp.close(() => resolve())),
      ]),
  };
}

export type Victim = Awaited<ReturnType<typeof startVictim>>;

/** A victim as the hostile page writes it: `hostname` may be a name for the victim's address. */
export type VictimRef = { hostname: string; tcpPort: number; udpPort: number; udpHost: string };

/**
 * A vendor page that tries every way a page has to reach an address: sub-resources of each kind,
 * hints, scripts' requests, sockets, WebRTC, WebTransport, workers and a service worker, some
 * also from a new frame (a fresh realm, against a defence that patches only the page's globals).
 * Each probe writes its outcome into `#report` for the test to read from the rendered HTML.
 */
export function hostilePage(victims: VictimRef[]): string {
  const hints = victims
    .map(({ hostname, tcpPort }) => {
      const v = `http://${hostname}:${tcpPort}`;
      return [
        `<link rel="dns-prefetch" href="//${hostname}:${tcpPort}">`,
        `<link rel="preconnect" href="${v}">`,
        `<link rel="prefetch" href="${v}/prefetch">`,
        `<link rel="preload" as="fetch" crossorigin href="${v}/preload">`,
        `<link rel="modulepreload" href="${v}/modulepreload.js">`,
        `<link rel="icon" href="${v}/favicon.ico">`,
        `<link rel="stylesheet" href="${v}/style.css">`,
        `<style>@import url("${v}/import.css"); body { background: url("${v}/bg.png"); }</style>`,
        `<img src="${v}/img.png"><video src="${v}/video.mp4"></video><object data="${v}/object"></object>`,
        `<iframe src="${v}/frame"></iframe>`,
        `<iframe srcdoc="<meta http-equiv=refresh content='0;url=${v}/refresh'>"></iframe>`,
        `<script async src="${v}/script.js"></script>`,
        `<a id="ping" href="#pinged" ping="${v}/ping">a</a>`,
        `<form id="form" action="${v}/form" method="post" target="sink"><input name="q" value="1"></form>`,
        `<script type="speculationrules">${JSON.stringify({
          prefetch: [{ source: 'list', urls: [`${v}/spec-prefetch`] }],
          prerender: [{ source: 'list', urls: [`${v}/spec-prerender`] }],
        })}</script>`,
      ].join('\n');
    })
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Hostile</title>
${hints}
</head><body><h1>Hostile page</h1><iframe name="sink"></iframe><pre id="report"></pre>
<script>
const VICTIMS = ${JSON.stringify(victims)};
const report = (line) => { document.getElementById('report').textContent += line + '\\n'; };
const probe = async (name, run) => {
  try { report(name + ': ' + String(await run())); } catch (e) { report(name + ': threw ' + (e && e.name)); }
};
const settle = (ms) => new Promise((resolve) => setTimeout(() => resolve('pending'), ms));
const socketOutcome = (ws) => Promise.race([
  new Promise((resolve) => { ws.onopen = () => resolve('open'); ws.onerror = () => resolve('error'); }),
  settle(1000),
]);
async function rtc(win, v, label) {
  const pc = new win.RTCPeerConnection({ iceServers: [
    { urls: 'stun:' + v.udpHost + ':' + v.udpPort },
    { urls: 'turn:' + v.hostname + ':' + v.tcpPort + '?transport=tcp', username: 'u', credential: 'p' },
  ] });
  pc.createDataChannel('x');
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  // A made-up answer and a remote candidate at the victim: ICE then sends its checks there.
  const answer = offer.sdp.replace(/a=setup:actpass/g, 'a=setup:active')
    .replace(/a=ice-ufrag:.*\\r\\n/g, 'a=ice-ufrag:abcd\\r\\n')
    .replace(/a=ice-pwd:.*\\r\\n/g, 'a=ice-pwd:abcdefghijklmnopqrstuvwx\\r\\n');
  await pc.setRemoteDescription({ type: 'answer', sdp: answer });
  await pc.addIceCandidate({ candidate: 'candidate:1 1 udp 2122260223 ' + v.udpHost + ' ' + v.udpPort + ' typ host', sdpMid: '0', sdpMLineIndex: 0 });
  await settle(600);
  return label + ' ice ' + pc.iceConnectionState;
}
const WORKER = (v) => \`
  const V = 'http://' + \${JSON.stringify(v.hostname)} + ':' + \${v.tcpPort};
  fetch(V + '/worker-fetch', { mode: 'no-cors' }).catch(() => {});
  try { new WebSocket(V.replace('http', 'ws') + '/worker-ws'); } catch {}
  try { new EventSource(V + '/worker-events'); } catch {}
  try { importScripts(V + '/worker-import.js'); } catch {}
  onconnect = () => {};
\`;
for (const v of VICTIMS) {
  const V = 'http://' + v.hostname + ':' + v.tcpPort;
  const W = 'ws://' + v.hostname + ':' + v.tcpPort;
  probe('fetch ' + V, () => fetch(V + '/fetch', { mode: 'no-cors' }).then((r) => r.type));
  probe('fetch keepalive ' + V, () => fetch(V + '/keepalive', { method: 'POST', body: 'x', mode: 'no-cors', keepalive: true }).then((r) => r.type));
  probe('xhr ' + V, () => new Promise((resolve) => {
    const x = new XMLHttpRequest(); x.open('GET', V + '/xhr');
    x.onload = () => resolve('loaded'); x.onerror = () => resolve('error'); x.send();
  }));
  probe('beacon ' + V, () => navigator.sendBeacon(V + '/beacon', 'x'));
  probe('eventsource ' + V, () => { new EventSource(V + '/events'); return 'created'; });
  probe('websocket ' + W, () => socketOutcome(new WebSocket(W + '/ws')));
  probe('websocket wss ' + v.hostname, () => socketOutcome(new WebSocket('wss://' + v.hostname + ':' + v.tcpPort + '/wss')));
  probe('window.open ' + V, () => String(!!window.open(V + '/popup')));
  probe('worker ' + V, () => { new Worker(URL.createObjectURL(new Blob([WORKER(v)]))); return 'started'; });
  probe('shared worker ' + V, () => { new SharedWorker(URL.createObjectURL(new Blob([WORKER(v)]))); return 'started'; });
  probe('rtc ' + v.udpHost, () => rtc(window, v, 'page'));
  probe('webtransport ' + v.udpHost, () => {
    const t = new WebTransport('https://' + v.udpHost + ':' + v.udpPort + '/wt');
    return Promise.race([t.ready.then(() => 'ready', () => 'error'), settle(1000)]);
  });
  // A frame made now is a fresh realm, with globals of its own.
  const fresh = document.createElement('iframe');
  document.body.append(fresh);
  probe('fresh frame rtc ' + v.udpHost, () => rtc(fresh.contentWindow, v, 'fresh'));
  probe('fresh frame websocket ' + W, () => socketOutcome(new fresh.contentWindow.WebSocket(W + '/fresh-ws')));
}
probe('same-origin worker', () => { new Worker('/worker.js'); return 'started'; });
const registered = (r) => (r ? r.constructor.name : 'nothing');
probe('service worker', () => navigator.serviceWorker.register('/sw.js').then(registered));
const swFrame = document.createElement('iframe');
document.body.append(swFrame);
probe('fresh frame service worker', () => swFrame.contentWindow.navigator.serviceWorker.register(location.origin + '/sw.js').then(registered));
probe('service worker registrations', () => settle(500).then(() => navigator.serviceWorker.getRegistrations()).then((all) => all.length));
probe('same-origin control', () => fetch('/ok').then((r) => r.text()));
document.getElementById('ping').click();
document.getElementById('form').submit();
</script>
<script src="/slow.js"></script>
</body></html>`;
}

/** The vendor's own scripts the hostile page loads: a worker and a service worker that probe the
 * first victim, a control, and a slow script that holds the page's load event while probes run. */
export function hostileVendorFiles(victim: VictimRef): Record<string, { type: string; body: string }> {
  const v = `http://${victim.hostname}:${victim.tcpPort}`;
  return {
    '/worker.js': {
      type: 'text/javascript',
      body: `fetch('${v}/sameorigin-worker-fetch', { mode: 'no-cors' }).catch(() => {});
try { new WebSocket('${v.replace('http', 'ws')}/sameorigin-worker-ws'); } catch {}`,
    },
    '/sw.js': {
      type: 'text/javascript',
      body: `self.addEventListener('install', () => fetch('${v}/sw-fetch', { mode: 'no-cors' }));`,
    },
    '/ok': { type: 'text/plain', body: 'ok' },
    '/slow.js': { type: 'text/javascript', body: `document.title = 'Hostile (loaded)';` },
  };
}
