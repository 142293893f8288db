// HTML invoker commands (a <button> that opens or closes a <dialog> with no script): React passes
// the attributes through as written; @types/react does not list them yet.
import 'react';

declare module 'react' {
  // The type parameter must be named as in @types/react for the declarations to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: 'show-modal' | 'close' | 'request-close';
  }
}
