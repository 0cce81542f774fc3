import type { ColourMatrix, Crop } from '@pinhole/contracts';
import { applyEditToPixels } from './pixels';

/** What one drawing needs: the preview copy, the crop (fractions of it) and the edit's numbers. */
export interface Drawing {
  source: ImageBitmap;
  crop: Crop;
  matrix: ColourMatrix;
  vignette: number;
}

export interface Renderer {
  draw(drawing: Drawing): void;
  dispose(): void;
}

/** The canvas size for a crop of the preview copy: one canvas pixel per copy pixel. */
export function canvasSizeOf({ source, crop }: Pick<Drawing, 'source' | 'crop'>) {
  return {
    width: Math.max(1, Math.round(crop.width * source.width)),
    height: Math.max(1, Math.round(crop.height * source.height)),
  };
}

const vertexShader = `
attribute vec2 a_position;
uniform vec4 u_crop;
varying vec2 v_texture;
void main() {
  // Clip space y goes up, the picture's rows go down: the top of the canvas is the crop's top.
  vec2 across = vec2(a_position.x + 1.0, 1.0 - a_position.y) * 0.5;
  v_texture = u_crop.xy + across * u_crop.zw;
  gl_Position = vec4(a_position, 0.0, 1.0);
}`;

// The contracts' colourMatrixOf and vignetteFactor, line for line (photo-edits.ts).
const fragmentShader = `
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform sampler2D u_image;
uniform vec4 u_rows[3];
uniform float u_vignette;
uniform vec2 u_size;
varying vec2 v_texture;
float vignetteFactor(float strength, vec2 uv) {
  if (strength == 0.0) return 1.0;
  vec2 d = (uv - 0.5) * 2.0;
  float reach = length(d) / sqrt(2.0);
  float edge = clamp((reach - 0.35) / 0.65, 0.0, 1.0);
  float eased = edge * edge * (3.0 - 2.0 * edge);
  return strength > 0.0 ? 1.0 - 0.65 * strength * eased : 1.0 - 0.5 * strength * eased;
}
void main() {
  vec4 texel = texture2D(u_image, v_texture);
  vec4 colour = vec4(texel.rgb, 1.0);
  vec3 graded = clamp(vec3(dot(u_rows[0], colour), dot(u_rows[1], colour), dot(u_rows[2], colour)), 0.0, 1.0);
  // gl_FragCoord is at pixel centres, its y from the bottom.
  vec2 uv = vec2(gl_FragCoord.x / u_size.x, 1.0 - gl_FragCoord.y / u_size.y);
  gl_FragColor = vec4(clamp(graded * vignetteFactor(u_vignette, uv), 0.0, 1.0), 1.0);
}`;

function compile(gl: WebGLRenderingContext, type: number, text: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('No shader');
  gl.shaderSource(shader, text);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
    throw new Error(gl.getShaderInfoLog(shader) ?? 'Shader did not compile');
  return shader;
}

function webGlRenderer(canvas: HTMLCanvasElement): Renderer | null {
  const gl = canvas.getContext('webgl', {
    preserveDrawingBuffer: true,
    premultipliedAlpha: false,
    antialias: false,
  });
  if (!gl) return null;
  const program = gl.createProgram();
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, vertexShader));
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, fragmentShader));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return null;
  gl.useProgram(program);

  const quad = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, quad);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
  const position = gl.getAttribLocation(program, 'a_position');
  gl.enableVertexAttribArray(position);
  gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);

  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  // Any size (WebGL 1 wants powers of two for repeat and mipmaps): clamp and no mipmaps.
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);

  const at = (name: string) => gl.getUniformLocation(program, name);
  const uniforms = {
    crop: at('u_crop'),
    rows: at('u_rows'),
    vignette: at('u_vignette'),
    size: at('u_size'),
  };
  // A slider moves the numbers, not the picture: the texture is sent once per preview copy.
  let uploaded: ImageBitmap | null = null;

  return {
    draw({ source, crop, matrix, vignette }) {
      const { width, height } = canvasSizeOf({ source, crop });
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      gl.viewport(0, 0, width, height);
      if (uploaded !== source) {
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, source);
        uploaded = source;
      }
      gl.uniform4f(uniforms.crop, crop.x, crop.y, crop.width, crop.height);
      gl.uniform4fv(uniforms.rows, new Float32Array(matrix));
      gl.uniform1f(uniforms.vignette, vignette);
      gl.uniform2f(uniforms.size, width, height);
      gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    },
    dispose() {
      gl.deleteTexture(texture);
      gl.deleteBuffer(quad);
      gl.deleteProgram(program);
      uploaded = null;
    },
  };
}

/** The same drawing on a 2D canvas, pixel by pixel in script. */
export function canvas2dRenderer(canvas: HTMLCanvasElement): Renderer | null {
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  return {
    draw({ source, crop, matrix, vignette }) {
      const { width, height } = canvasSizeOf({ source, crop });
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      context.drawImage(
        source,
        crop.x * source.width,
        crop.y * source.height,
        crop.width * source.width,
        crop.height * source.height,
        0,
        0,
        width,
        height,
      );
      const image = context.getImageData(0, 0, width, height);
      applyEditToPixels(image.data, width, height, matrix, vignette);
      context.putImageData(image, 0, 0);
    },
    dispose() {},
  };
}

/** WebGL where the browser has it, the 2D canvas otherwise; null where neither is (jsdom). */
export function createRenderer(canvas: HTMLCanvasElement): Renderer | null {
  try {
    return webGlRenderer(canvas) ?? canvas2dRenderer(canvas);
  } catch {
    return canvas2dRenderer(canvas);
  }
}
