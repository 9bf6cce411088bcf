import {
  type Bullet,
  cannon,
  dyingMs,
  type Scene,
  type SceneFish,
  sceneHeight,
  sceneWidth,
} from './fishing-scene';

/** A hue per prize: small fish warm, big fish cool, bosses gold. */
const colourOf = (fish: SceneFish): string => {
  if (fish.kind.boss) return 'hsl(45 95% 55%)';
  const hue = Math.round(20 + Math.min(1, Math.log10(fish.kind.multiplier) / Math.log10(300)) * 240);
  return `hsl(${hue} 75% 55%)`;
};

const drawFish = (context: CanvasRenderingContext2D, fish: SceneFish, scene: Scene, isLocked: boolean) => {
  const fading = fish.dying === null ? 1 : Math.max(0, 1 - (scene.time - fish.dying.at) / dyingMs);
  const facing = fish.vx >= 0 ? 1 : -1;
  context.save();
  context.globalAlpha = fading;
  context.translate(fish.x, fish.y);
  context.fillStyle = colourOf(fish);
  // The tail, then the body, then an eye.
  context.beginPath();
  context.moveTo(-facing * fish.radius * 0.8, 0);
  context.lineTo(-facing * fish.radius * 1.5, -fish.radius * 0.6);
  context.lineTo(-facing * fish.radius * 1.5, fish.radius * 0.6);
  context.closePath();
  context.fill();
  context.beginPath();
  context.ellipse(0, 0, fish.radius, fish.radius * 0.65, 0, 0, Math.PI * 2);
  context.fill();
  if (fish.pendingShots > 0) {
    context.strokeStyle = '#fff';
    context.lineWidth = 3;
    context.stroke();
  }
  context.fillStyle = '#102030';
  context.beginPath();
  context.arc(
    facing * fish.radius * 0.55,
    -fish.radius * 0.15,
    Math.max(2, fish.radius * 0.1),
    0,
    Math.PI * 2,
  );
  context.fill();
  context.fillStyle = '#fff';
  context.font = `bold ${Math.max(12, Math.round(fish.radius * 0.5))}px sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(`×${fish.kind.multiplier}`, 0, fish.radius * 0.05);
  if (isLocked) {
    context.strokeStyle = '#ff4d4d';
    context.lineWidth = 2;
    context.beginPath();
    context.arc(0, 0, fish.radius + 8, 0, Math.PI * 2);
    context.stroke();
  }
  context.restore();
};

const drawBullet = (context: CanvasRenderingContext2D, bullet: Bullet) => {
  context.fillStyle = '#ffe27a';
  context.beginPath();
  context.arc(bullet.x, bullet.y, 5, 0, Math.PI * 2);
  context.fill();
};

const drawCannon = (context: CanvasRenderingContext2D, angle: number, power: number) => {
  context.save();
  context.translate(cannon.x, cannon.y);
  context.fillStyle = '#3b4a5a';
  context.beginPath();
  context.arc(0, 0, 30, Math.PI, 0);
  context.fill();
  context.rotate(angle);
  context.fillStyle = '#c9d6e3';
  context.fillRect(-6 - power, -48, 12 + power * 2, 44);
  context.restore();
};

// The water's gradient, made once per canvas rather than every frame (60 a second on a phone).
const waters = new WeakMap<CanvasRenderingContext2D, CanvasGradient>();
const waterOf = (context: CanvasRenderingContext2D): CanvasGradient => {
  const known = waters.get(context);
  if (known) return known;
  const water = context.createLinearGradient(0, 0, 0, sceneHeight);
  water.addColorStop(0, '#0b4f7a');
  water.addColorStop(1, '#062338');
  waters.set(context, water);
  return water;
};

/** One frame of the scene: the water, the fish with their multipliers, bullets, payouts and the cannon. */
export const drawScene = (
  context: CanvasRenderingContext2D,
  scene: Scene,
  view: { angle: number; power: number; lockedId: number | null; isReducedMotion: boolean },
): void => {
  context.fillStyle = waterOf(context);
  context.fillRect(0, 0, sceneWidth, sceneHeight);
  for (const fish of scene.fish) drawFish(context, fish, scene, fish.id === view.lockedId);
  for (const bullet of scene.bullets) drawBullet(context, bullet);
  context.font = 'bold 22px sans-serif';
  context.textAlign = 'center';
  for (const popup of scene.popups) {
    const rise = view.isReducedMotion ? 0 : ((scene.time - popup.at) / dyingMs) * 40;
    context.fillStyle = '#ffd54a';
    context.fillText(popup.text, popup.x, popup.y - 20 - rise);
  }
  drawCannon(context, view.angle, view.power);
};
