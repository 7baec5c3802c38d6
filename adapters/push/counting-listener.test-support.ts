import { createServer, type Socket } from 'node:net';

/** A TCP listener on loopback that counts who connects, and hangs up on them: proof that nothing reached it. */
export async function countingListener() {
  const sockets: Socket[] = [];
  const listener = createServer((socket) => {
    sockets.push(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { port, connections: () => sockets.length, close: () => new Promise<void>((resolve) => listener.close(() => resolve())) };
}
