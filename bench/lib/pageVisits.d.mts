export declare const CHECKOUT_RELEASE: 'checkout'
export declare function releaseOf(appOrigin: string): Promise<string>
export declare function visitPage(url: string, timeoutMs: number): Promise<{ status: number; sentAgain: boolean }>
