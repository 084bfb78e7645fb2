// `npm start`. In development, build the client first when its sources are newer than the last
// build. Production serves the output of `npm run build` as it is: Vite is a devDependency, left
// out of a production image (the server says so at start when the build is missing).
if (process.env.NODE_ENV !== 'production') {
  const { buildClientIfStale } = await import('./build-client.ts');
  buildClientIfStale();
}
await import('../src/server/main.ts');
