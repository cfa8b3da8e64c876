export declare function completeContactFields(
  name: string,
  values: { email: string; service: string; message: string },
): { name: string; value: string }[]
