import type { BackgroundKind, CameraPreset } from '@dc/contract';
import {
  ACESFilmicToneMapping,
  Box3,
  CanvasTexture,
  Color,
  DoubleSide,
  EquirectangularReflectionMapping,
  type Material,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  PerspectiveCamera,
  PMREMGenerator,
  Scene,
  Spherical,
  SRGBColorSpace,
  type Texture,
  TextureLoader,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

/**
 * The 3D look viewer (three.js), framework-free: a model (.glb) in front of a background, with
 * orbit and zoom. Imported only dynamically (LookCanvas), so three.js is a chunk of its own that
 * the 3D pages load and the console never does.
 */

export interface ViewerBackground {
  kind: BackgroundKind;
  colors: string[];
  imageUrl: string | null;
}

export interface LookViewerOptions {
  modelUrl: string | null;
  background: ViewerBackground | null;
  camera: CameraPreset;
  /** sRGB hex for the model's `garment` material; null leaves it as modelled. */
  tint?: string | null;
  /** The viewer turned the model by hand (a drag of 15° or more). */
  onRotate?(): void;
  /** The model is drawn. */
  onModelReady?(): void;
  onModelError?(error: unknown): void;
}

export interface LookViewer {
  currentCamera(): CameraPreset;
  setCamera(camera: CameraPreset): void;
  setBackground(background: ViewerBackground | null): void;
  setModel(url: string | null): void;
  setTint(tint: string | null): void;
  dispose(): void;
}

const DEFAULT_BACKDROP = '#F2EFEA';
/** Uploaded models come in any unit: each is scaled to a person's height, feet on the floor. */
const MODEL_HEIGHT = 1.8;
const ROTATION_DEGREES = 15;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const degrees = (radians: number) => (radians * 180) / Math.PI;
const radians = (deg: number) => (deg * Math.PI) / 180;

function gradientTexture(top: string, bottom: string): Texture {
  const canvas = document.createElement('canvas');
  canvas.width = 2;
  canvas.height = 256;
  const context = canvas.getContext('2d')!;
  const gradient = context.createLinearGradient(0, 0, 0, 256);
  gradient.addColorStop(0, top);
  gradient.addColorStop(1, bottom);
  context.fillStyle = gradient;
  context.fillRect(0, 0, 2, 256);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

/** Throws when the browser gives no WebGL: the page shows the poster instead. */
export function createLookViewer(container: HTMLElement, options: LookViewerOptions): LookViewer {
  const renderer = new WebGLRenderer({ antialias: true, alpha: false });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.toneMapping = ACESFilmicToneMapping;
  renderer.domElement.style.display = 'block';
  renderer.domElement.style.width = '100%';
  renderer.domElement.style.height = '100%';
  renderer.domElement.style.touchAction = 'none';
  container.appendChild(renderer.domElement);

  const scene = new Scene();
  const pmrem = new PMREMGenerator(renderer);
  const room = pmrem.fromScene(new RoomEnvironment(), 0.04).texture;
  scene.environment = room;
  const camera = new PerspectiveCamera(35, 1, 0.05, 100);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.minDistance = 0.8;
  controls.maxDistance = 8;
  controls.maxPolarAngle = radians(170);

  let disposed = false;
  let model: Object3D | null = null;
  let modelUrl: string | null = null;
  let tint = options.tint ?? null;
  let backgroundTexture: Texture | null = null;
  let loadTicket = 0;

  const render = () => {
    if (!disposed) renderer.render(scene, camera);
  };
  const resize = () => {
    const width = Math.max(1, container.clientWidth);
    const height = Math.max(1, container.clientHeight);
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    render();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(container);

  let startAzimuth = 0;
  controls.addEventListener('change', render);
  controls.addEventListener('start', () => {
    startAzimuth = controls.getAzimuthalAngle();
  });
  controls.addEventListener('end', () => {
    const turned = Math.abs(degrees(controls.getAzimuthalAngle() - startAzimuth));
    if (turned >= ROTATION_DEGREES) options.onRotate?.();
  });

  const applyTint = () => {
    model?.traverse((node) => {
      if (!(node instanceof Mesh)) return;
      const materials: Material[] = Array.isArray(node.material) ? node.material : [node.material];
      for (const material of materials) {
        if (!(material instanceof MeshStandardMaterial) || material.name !== 'garment') continue;
        material.side = DoubleSide;
        if (!material.userData.modelled) material.userData.modelled = material.color.getHex();
        if (tint) material.color.set(tint);
        else material.color.setHex(material.userData.modelled as number);
      }
    });
    render();
  };

  const setCamera = (preset: CameraPreset) => {
    controls.target.set(...preset.target);
    const offset = new Vector3().setFromSpherical(
      new Spherical(preset.distance, radians(preset.polar), radians(preset.azimuth)),
    );
    camera.position.copy(controls.target).add(offset);
    controls.update();
    render();
  };

  const setBackground = (background: ViewerBackground | null) => {
    backgroundTexture?.dispose();
    backgroundTexture = null;
    scene.environment = room;
    const kind = background?.kind ?? 'solid';
    if ((kind === 'image' || kind === 'hdr') && background?.imageUrl) {
      scene.background = new Color(DEFAULT_BACKDROP);
      new TextureLoader().load(background.imageUrl, (texture) => {
        if (disposed) return texture.dispose();
        texture.colorSpace = SRGBColorSpace;
        if (kind === 'hdr') {
          texture.mapping = EquirectangularReflectionMapping;
          scene.environment = texture;
        }
        backgroundTexture = texture;
        scene.background = texture;
        render();
      });
    } else if (kind === 'gradient' && background && background.colors.length >= 2) {
      backgroundTexture = gradientTexture(background.colors[0]!, background.colors[1]!);
      scene.background = backgroundTexture;
    } else {
      scene.background = new Color(background?.colors[0] ?? DEFAULT_BACKDROP);
    }
    render();
  };

  const setModel = (url: string | null) => {
    if (url === modelUrl) return;
    modelUrl = url;
    const ticket = ++loadTicket;
    if (model) scene.remove(model);
    model = null;
    render();
    if (!url) return;
    new GLTFLoader().load(
      url,
      (gltf) => {
        if (disposed || ticket !== loadTicket) return;
        const root = gltf.scene;
        const box = new Box3().setFromObject(root);
        const height = box.max.y - box.min.y;
        if (height > 0) root.scale.setScalar(MODEL_HEIGHT / height);
        const scaled = new Box3().setFromObject(root);
        const centre = scaled.getCenter(new Vector3());
        root.position.set(-centre.x, -scaled.min.y, -centre.z);
        model = root;
        scene.add(root);
        applyTint();
        options.onModelReady?.();
      },
      undefined,
      (error) => {
        if (!disposed && ticket === loadTicket) options.onModelError?.(error);
      },
    );
  };

  setCamera(options.camera);
  setBackground(options.background);
  setModel(options.modelUrl);
  resize();

  return {
    currentCamera() {
      const offset = camera.position.clone().sub(controls.target);
      const spherical = new Spherical().setFromVector3(offset);
      let azimuth = degrees(spherical.theta);
      if (azimuth > 180) azimuth -= 360;
      return {
        azimuth: round(azimuth, 1),
        polar: round(Math.min(175, Math.max(5, degrees(spherical.phi))), 1),
        distance: round(Math.min(20, Math.max(0.5, spherical.radius)), 2),
        target: [round(controls.target.x, 2), round(controls.target.y, 2), round(controls.target.z, 2)],
      };
    },
    setCamera,
    setBackground,
    setModel,
    setTint(next) {
      tint = next;
      applyTint();
    },
    dispose() {
      disposed = true;
      observer.disconnect();
      controls.dispose();
      backgroundTexture?.dispose();
      room.dispose();
      pmrem.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}
