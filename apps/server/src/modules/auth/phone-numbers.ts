export const normaliseMobile = (mobileNum: string): string => mobileNum.trim().replace(/^0+/, '');
export const normaliseDialingCode = (code: string): string => code.trim().replace(/^\+/, '');
