export const config = {
  onUnhandledError: null as null | ((error: unknown) => void),
  useDeprecatedSynchronousErrorHandling: false,
};
