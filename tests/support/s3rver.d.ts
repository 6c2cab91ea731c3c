// The part of s3rver (a devDependency without types) that tests/support/s3-server.ts uses.
declare module "s3rver" {
  type Options = {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  };
  /** A Koa middleware (s3rver is a Koa application): the parts tests/support/s3-server.ts reads and sets. */
  type Middleware = (
    ctx: { method: string; path: string; status: number; type: string; body: unknown },
    next: () => Promise<void>,
  ) => Promise<void> | void;
  export default class S3rver {
    constructor(options: Options);
    /** Koa's middleware list, run in order for each request. */
    middleware: Middleware[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
