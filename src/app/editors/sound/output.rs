//! Where the sound editor's samples go: the system's default output device through `cpal`, or
//! nothing ([`NullOutput`]) when there is none (a server, CI, a muted container) or when
//! `PARKAN_STUDIO_AUDIO=none` asks for silence (the UI tests do, so they never need a device).

use crate::formats::wav::{Sound, convert, resample};
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};

pub trait Output {
    /// Starts frames `from..to` of `sound` (looping them when `looping`); false when nothing
    /// will be heard.
    fn play(&mut self, sound: &Sound, from: usize, to: usize, looping: bool) -> bool;
    fn stop(&mut self);
}

/// Plays nothing: the playhead follows the clock.
pub struct NullOutput;

impl Output for NullOutput {
    fn play(&mut self, _: &Sound, _: usize, _: usize, _: bool) -> bool {
        false
    }
    fn stop(&mut self) {}
}

/// The default device, or the null output.
pub fn open() -> Box<dyn Output> {
    if std::env::var("PARKAN_STUDIO_AUDIO").is_ok_and(|v| v == "none") {
        return Box::new(NullOutput);
    }
    match DeviceOutput::open() {
        Some(d) => Box::new(d),
        None => Box::new(NullOutput),
    }
}

pub struct DeviceOutput {
    device: cpal::Device,
    config: cpal::SupportedStreamConfig,
    stream: Option<cpal::Stream>,
}

impl DeviceOutput {
    fn open() -> Option<DeviceOutput> {
        let device = cpal::default_host().default_output_device()?;
        let config = device.default_output_config().ok()?;
        Some(DeviceOutput { device, config, stream: None })
    }

    /// The frames as the device wants them: its rate and channel count, f32.
    fn prepare(&self, sound: &Sound, from: usize, to: usize) -> Option<(Vec<f32>, usize)> {
        let ch = sound.channels.max(1) as usize;
        let part = sound.samples.get(from * ch..to.min(sound.frames()) * ch)?;
        let dev_ch = self.config.channels().max(1) as usize;
        let two = convert::channels(part, ch, dev_ch.min(2));
        let rate = self.config.sample_rate().0;
        let x = resample::resample(&two, dev_ch.min(2), sound.rate, rate)?;
        let mut out = Vec::with_capacity(x.len() / dev_ch.min(2) * dev_ch);
        for f in x.chunks_exact(dev_ch.min(2)) {
            for c in 0..dev_ch {
                out.push(f.get(c).map_or(0.0, |&v| v as f32 / 32768.0));
            }
        }
        Some((out, dev_ch))
    }

    fn build<T: cpal::SizedSample + cpal::FromSample<f32>>(&self, data: Vec<f32>, looping: bool) -> Option<cpal::Stream> {
        let config: cpal::StreamConfig = self.config.clone().into();
        let mut at = 0usize;
        let stream = self
            .device
            .build_output_stream(
                &config,
                move |out: &mut [T], _: &cpal::OutputCallbackInfo| {
                    for s in out.iter_mut() {
                        if at >= data.len() && looping && !data.is_empty() {
                            at = 0;
                        }
                        *s = T::from_sample(data.get(at).copied().unwrap_or(0.0));
                        at += 1;
                    }
                },
                |_| {},
                None,
            )
            .ok()?;
        stream.play().ok()?;
        Some(stream)
    }
}

impl Output for DeviceOutput {
    fn play(&mut self, sound: &Sound, from: usize, to: usize, looping: bool) -> bool {
        self.stop();
        let Some((data, _)) = self.prepare(sound, from, to) else { return false };
        self.stream = match self.config.sample_format() {
            cpal::SampleFormat::F32 => self.build::<f32>(data, looping),
            cpal::SampleFormat::I16 => self.build::<i16>(data, looping),
            cpal::SampleFormat::U16 => self.build::<u16>(data, looping),
            cpal::SampleFormat::I32 => self.build::<i32>(data, looping),
            _ => None,
        };
        self.stream.is_some()
    }

    fn stop(&mut self) {
        self.stream = None;
    }
}
