// esbuild bundles these files as text (`with { type: 'text' }`): the API reference page ships inside its Lambda.
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  const text: string;
  export default text;
}
declare module 'swagger-ui-dist/swagger-ui.css' {
  const text: string;
  export default text;
}
