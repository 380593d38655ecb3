// The scene, overlay and blit shaders. Lighting is done on the stored (gamma-encoded) values,
// as the game's fixed-function pipeline did; `options.y` re-linearises for sRGB targets so
// that the target's own encoding gives back the same bytes.

struct Frame {
    view_proj: mat4x4<f32>,
    // xyz: the eye; w: 1 for an orthographic camera.
    eye: vec4<f32>,
    // xyz: the camera's forward direction.
    view_dir: vec4<f32>,
    // xyz: towards the light (unit); w: its intensity.
    light: vec4<f32>,
    // rgb: the ambient light.
    ambient: vec4<f32>,
    // x: shading (0 textured, 1 flat, 2 normals, 3 vertex colour, 4 hemi, 5 texcoord); y: 1 for an
    // sRGB target;
    // z: how far (in clip w) overlay lines drawn on top are pulled towards the camera.
    options: vec4<f32>,
    wire_color: vec4<f32>,
    highlight_color: vec4<f32>,
};

struct Material {
    diffuse: vec4<f32>,
    ambient: vec4<f32>,
    specular: vec4<f32>,
    emissive: vec4<f32>,
    // The texture rect the UVs span: offset xy, size zw.
    uv_rect: vec4<f32>,
    // x: specular power; y: alpha-test threshold (0 none); z: 1 when blended; w: 1 to
    // multiply by vertex colours.
    params: vec4<f32>,
};

@group(0) @binding(0) var<uniform> frame: Frame;
@group(0) @binding(1) var<storage, read> nodes: array<mat4x4<f32>>;
// Per instance of a draw, the matrix it is placed by before its node's: the identity for
// geometry drawn once, copy root × template root⁻¹ for a placed copy of shared geometry.
@group(0) @binding(2) var<storage, read> instances: array<mat4x4<f32>>;
@group(1) @binding(0) var<uniform> material: Material;
@group(2) @binding(0) var tex: texture_2d<f32>;
@group(2) @binding(1) var samp: sampler;

struct VertexIn {
    @location(0) position: vec3<f32>,
    @location(1) node: u32,
    @location(2) normal: vec3<f32>,
    @location(3) color: vec4<f32>,
    @location(4) uv: vec2<f32>,
    @location(5) hemi: f32,
};

struct VertexOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) world: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) color: vec4<f32>,
    @location(3) uv: vec2<f32>,
    @location(4) hemi: f32,
};

@vertex
fn vs_main(v: VertexIn, @builtin(instance_index) instance: u32) -> VertexOut {
    let m = instances[instance] * nodes[v.node];
    let world = m * vec4<f32>(v.position, 1.0);
    var out: VertexOut;
    out.clip = frame.view_proj * world;
    out.world = world.xyz;
    out.normal = (m * vec4<f32>(v.normal, 0.0)).xyz;
    out.color = v.color;
    out.uv = v.uv;
    out.hemi = v.hemi;
    return out;
}

fn srgb_to_linear(c: vec3<f32>) -> vec3<f32> {
    let lo = c / 12.92;
    let hi = pow((c + 0.055) / 1.055, vec3<f32>(2.4));
    return select(hi, lo, c <= vec3<f32>(0.04045));
}

fn target_encode(c: vec4<f32>) -> vec4<f32> {
    if frame.options.y > 0.5 {
        return vec4<f32>(srgb_to_linear(clamp(c.rgb, vec3<f32>(0.0), vec3<f32>(1.0))), c.a);
    }
    return c;
}

fn shade(in: VertexOut, face_normal: vec3<f32>, use_face: bool) -> vec4<f32> {
    let texel = textureSample(tex, samp, material.uv_rect.xy + in.uv * material.uv_rect.zw);
    let mode = u32(frame.options.x + 0.5);
    let to_eye = select(normalize(frame.eye.xyz - in.world), -frame.view_dir.xyz, frame.eye.w > 0.5);
    var n = normalize(in.normal);
    // A point's normal is shown as stored; a face's towards the viewer (either side shows).
    if mode == 2u && !use_face {
        return target_encode(vec4<f32>(n * 0.5 + 0.5, 1.0));
    }
    if use_face && mode == 1u {
        n = face_normal;
    }
    if dot(n, to_eye) < 0.0 {
        n = -n;
    }
    let vcol = select(vec4<f32>(1.0), in.color, material.params.w > 0.5);
    if mode == 2u {
        return target_encode(vec4<f32>(n * 0.5 + 0.5, 1.0));
    }
    if mode == 3u {
        return target_encode(vec4<f32>(in.color.rgb, 1.0));
    }
    if mode == 4u {
        return target_encode(vec4<f32>(vec3<f32>(clamp(in.hemi, 0.0, 1.0)), 1.0));
    }
    if mode == 5u {
        // Each repeat from 0 to 1, a whole number above 0 (a cell's far edge) as 1.
        let f = fract(in.uv);
        return target_encode(vec4<f32>(select(f, vec2<f32>(1.0), (f == vec2<f32>(0.0)) & (in.uv > vec2<f32>(0.0))), 0.0, 1.0));
    }
    var diffuse = material.diffuse * vcol;
    var ambient = material.ambient * vcol;
    var specular = material.specular.rgb;
    var emissive = material.emissive.rgb;
    var power = material.params.x;
    var base = texel;
    if mode == 1u {
        diffuse = vec4<f32>(0.7, 0.7, 0.7, 1.0);
        ambient = diffuse;
        specular = vec3<f32>(0.0);
        emissive = vec3<f32>(0.0);
        base = vec4<f32>(1.0);
    }
    let alpha = diffuse.a * base.a;
    if material.params.y > 0.0 && base.a < material.params.y {
        discard;
    }
    let l = normalize(frame.light.xyz);
    let ndl = max(dot(n, l), 0.0);
    let h = normalize(l + to_eye);
    let spec = select(0.0, pow(max(dot(n, h), 0.0), max(power, 1.0)), ndl > 0.0);
    let rgb = emissive
        + frame.ambient.rgb * ambient.rgb * base.rgb
        + frame.light.w * ndl * diffuse.rgb * base.rgb
        + frame.light.w * spec * specular;
    return target_encode(vec4<f32>(rgb, select(1.0, alpha, material.params.z > 0.5)));
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    let face = normalize(cross(dpdx(in.world), dpdy(in.world)));
    return shade(in, face, true);
}

@fragment
fn fs_points(in: VertexOut) -> @location(0) vec4<f32> {
    return shade(in, vec3<f32>(0.0, 1.0, 0.0), false);
}

// Wireframe: the scene's vertices, pulled slightly towards the camera so that edges show on
// top of their own faces but stay hidden behind nearer ones.
@vertex
fn vs_wire(v: VertexIn, @builtin(instance_index) instance: u32) -> @builtin(position) vec4<f32> {
    var clip = frame.view_proj * (instances[instance] * nodes[v.node] * vec4<f32>(v.position, 1.0));
    clip.z = clip.z - frame.options.z * clip.w;
    return clip;
}

@fragment
fn fs_wire() -> @location(0) vec4<f32> {
    return target_encode(frame.wire_color);
}

@fragment
fn fs_outline() -> @location(0) vec4<f32> {
    return target_encode(frame.highlight_color);
}

struct LineIn {
    @location(0) position: vec3<f32>,
    @location(1) node: u32,
    @location(2) color: vec4<f32>,
};

struct LineOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) color: vec4<f32>,
};

@vertex
fn vs_line(v: LineIn, @builtin(instance_index) instance: u32) -> LineOut {
    var out: LineOut;
    out.clip = frame.view_proj * (instances[instance] * nodes[v.node] * vec4<f32>(v.position, 1.0));
    out.clip.z = out.clip.z - frame.options.z * out.clip.w;
    out.color = v.color;
    return out;
}

@fragment
fn fs_line(in: LineOut) -> @location(0) vec4<f32> {
    return target_encode(in.color);
}
