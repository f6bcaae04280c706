// The tests hand `ws` to the provider as its WebSocket in Node, and need nothing else of its
// types. This goes if @types/ws is added to the devDependencies.
declare module 'ws' {
  const WebSocket: unknown;
  export default WebSocket;
}
