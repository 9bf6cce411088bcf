import { describe, expect, it } from 'vitest';
import { admitFeedbackImages, checkFeedbackContent } from './submit-feedback';

const setting = { minWords: 5, maxWords: 8, maxImages: 3 };
const image = (name: string, bytes: number, type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('feedback checks in the browser', () => {
  it('holds the content to the brand’s word bounds', () => {
    expect(checkFeedbackContent('one two three four', setting)).toMatchObject({
      code: 'FEEDBACK_WORD_COUNT',
    });
    expect(checkFeedbackContent(' one  two three four five ', setting)).toBeNull();
    expect(checkFeedbackContent('1 2 3 4 5 6 7 8 9', setting)).toMatchObject({ minWords: 5, maxWords: 8 });
  });

  it('refuses an image over 5 MB, a type other than png or jpg, and a fourth image', () => {
    const big = admitFeedbackImages([], [image('big.png', 6 * 1024 * 1024), image('ok.png', 10)], setting);
    expect(big.accepted.map((file) => file.name)).toEqual(['ok.png']);
    expect(big.problem).toEqual({ code: 'UPLOAD_TOO_LARGE', fileName: 'big.png' });

    const gif = admitFeedbackImages([], [image('a.gif', 10, 'image/gif')], setting);
    expect(gif.problem).toMatchObject({ code: 'UPLOAD_INVALID_TYPE' });

    const three = [image('1.png', 1), image('2.jpg', 1, 'image/jpeg'), image('3.png', 1)];
    const fourth = admitFeedbackImages(three, [image('4.png', 1)], setting);
    expect(fourth).toEqual({ accepted: [], problem: { code: 'TOO_MANY_IMAGES', fileName: '4.png' } });
  });
});
