//! Time: a moment and the zone it is shown in, with MRI's constructors,
//! accessors, arithmetic, `to_s`/`inspect` and `strftime`.
//!
//! A Time keeps its moment exactly, as MRI does: a number of nanoseconds
//! since the Epoch that is an Integer, or a fraction when a Float made it
//! (`Time.at(1.1)` is 1.100000000000000088817841970012523233890533447265625
//! seconds, and `inspect` shows that fraction). The moment and the zone are
//! internal instance variables of the object (invisible to Ruby), so `dup`
//! copies them. The zone is the machine's local time (through libc's
//! `localtime_r` and `mktime`, after `tzset`, so a change of `ENV["TZ"]`
//! takes effect as in MRI), UTC, or a fixed offset (`Time.new(..., "+09:00")`).

use crate::core::integer::{float_of, Int};
use crate::core::public;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use bytecode::Sym;
use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// Nanoseconds in a second.
const NS: i64 = 1_000_000_000;

/// Where a Time's fields are read: local time, UTC, or a fixed offset
/// from UTC in seconds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Zone {
    Local,
    Utc,
    Fixed(i64),
}

/// A moment: `num / den` nanoseconds since the Epoch (`den` positive and
/// the fraction reduced), and its zone.
#[derive(Clone)]
struct Moment {
    num: BigInt,
    den: BigInt,
    zone: Zone,
}

impl Moment {
    fn new(num: BigInt, den: BigInt, zone: Zone) -> Moment {
        let gcd = num.gcd(&den);
        if gcd.is_zero() || gcd.is_one() {
            return Moment { num, den, zone };
        }
        Moment {
            num: num / &gcd,
            den: den / &gcd,
            zone,
        }
    }

    /// The whole seconds since the Epoch (rounded down).
    fn seconds(&self) -> BigInt {
        self.num.div_floor(&(&self.den * NS))
    }

    /// The whole seconds, clamped to what a calendar date can hold.
    fn seconds_i128(&self) -> i128 {
        let bound = 1i128 << 100;
        let seconds = self.seconds();
        seconds.to_i128().unwrap_or(bound).clamp(-bound, bound)
    }

    /// The fraction of a second, in nanoseconds: `(num, den)` with
    /// `0 <= num / den < 10**9`.
    fn subsec_ns(&self) -> (BigInt, BigInt) {
        (self.num.mod_floor(&(&self.den * NS)), self.den.clone())
    }

    /// The first `digits` decimal digits of the fraction of a second.
    fn subsec_digits(&self, digits: u32) -> BigInt {
        let (num, den) = self.subsec_ns();
        let scale = BigInt::from(10u32).pow(digits);
        (num * scale).div_floor(&(den * NS))
    }

    fn nsec(&self) -> i64 {
        let (num, den) = self.subsec_ns();
        num.div_floor(&den).to_i64().unwrap_or(0)
    }

    /// The moment moved by `num / den` nanoseconds.
    fn add(&self, num: &BigInt, den: &BigInt) -> Moment {
        Moment::new(
            &self.num * den + num * &self.den,
            &self.den * den,
            self.zone,
        )
    }

    /// Seconds since the Epoch as a Float.
    fn to_f(&self) -> f64 {
        seconds_f64(&self.num, &self.den)
    }
}

/// A big integer as the nearest double (ties to even), as MRI's
/// `big2dbl`: its top 64 bits, the bits below folded into a sticky bit.
fn big_to_f64(value: &BigInt) -> f64 {
    let magnitude = value.abs();
    let bits = magnitude.bits() as i64;
    let result = if bits <= 64 {
        magnitude.to_u64().unwrap_or(0) as f64
    } else {
        let shift = bits - 64;
        let top = (&magnitude >> shift as usize).to_u64().unwrap_or(u64::MAX);
        let sticky = magnitude.trailing_zeros().unwrap_or(0) < shift as u64;
        // Past 2**1024 the power (and so the result) is infinite.
        (top | u64::from(sticky)) as f64 * 2f64.powi(shift.min(2000) as i32)
    };
    if value.is_negative() {
        -result
    } else {
        result
    }
}

/// `num / den` nanoseconds in seconds as a Float, as MRI's `to_f` and
/// `Time#-` compute it: whole nanoseconds as a Float divided by 1e9; for a
/// fraction, the seconds as a reduced fraction whose numerator and
/// denominator are each made a Float, then divided (MRI's `rb_Float` of a
/// Rational).
fn seconds_f64(num: &BigInt, den: &BigInt) -> f64 {
    if den.is_one() {
        return big_to_f64(num) / 1e9;
    }
    let den = den * NS;
    let gcd = num.gcd(&den);
    big_to_f64(&(num / &gcd)) / big_to_f64(&(den / &gcd))
}

/// A moment's calendar fields in its zone.
struct Fields {
    year: i64,
    mon: i64,
    mday: i64,
    hour: i64,
    min: i64,
    sec: i64,
    /// 0 is Sunday.
    wday: i64,
    /// 1 is the first of January.
    yday: i64,
    isdst: bool,
    utc_offset: i64,
    /// The zone's abbreviation; None for a fixed offset.
    zone: Option<String>,
}

/// Days since 1970-01-01 of a proleptic Gregorian date (month 1..12, any
/// day: days past the month's end run into the next).
fn days_from_civil(year: i64, mon: i64, mday: i64) -> i64 {
    let y = if mon <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (mon + 9) % 12;
    let doy = (153 * mp + 2) / 5;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468 + mday - 1
}

/// The date of a day since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let mday = doy - (153 * mp + 2) / 5 + 1;
    let mon = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(mon <= 2);
    (year, mon, mday)
}

/// The fields of the UTC time `seconds` shifted by `offset` seconds.
fn civil_fields(seconds: i128, offset: i64, zone: Option<String>) -> Fields {
    let local = seconds + i128::from(offset);
    let days = local.div_euclid(86_400) as i64;
    let rest = local.rem_euclid(86_400) as i64;
    let (year, mon, mday) = civil_from_days(days);
    Fields {
        year,
        mon,
        mday,
        hour: rest / 3600,
        min: rest / 60 % 60,
        sec: rest % 60,
        wday: (days + 4).rem_euclid(7),
        yday: days - days_from_civil(year, 1, 1) + 1,
        isdst: false,
        utc_offset: offset,
        zone,
    }
}

extern "C" {
    /// POSIX `tzset` (the libc crate does not declare it): rereads `TZ`.
    fn tzset();
}

/// The local-time fields of `seconds`, from libc.
fn local_fields(seconds: i128) -> Fields {
    let Ok(time) = libc::time_t::try_from(seconds) else {
        return civil_fields(seconds, 0, Some("UTC".into()));
    };
    // SAFETY: an all-zero `tm` is a valid value of the plain C struct.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    // SAFETY: `tzset` only reads the environment; `localtime_r` writes the
    // `tm` it is given and nothing else. The zone name it points `tm_zone`
    // at is libc's, valid until the next `tzset`, and is copied at once.
    let converted = unsafe {
        tzset();
        !libc::localtime_r(&time, &mut tm).is_null()
    };
    if !converted {
        return civil_fields(seconds, 0, Some("UTC".into()));
    }
    let zone = if tm.tm_zone.is_null() {
        None
    } else {
        // SAFETY: a non-null `tm_zone` is a NUL-terminated string (above).
        Some(
            unsafe { std::ffi::CStr::from_ptr(tm.tm_zone) }
                .to_string_lossy()
                .into_owned(),
        )
    };
    Fields {
        year: i64::from(tm.tm_year) + 1900,
        mon: i64::from(tm.tm_mon) + 1,
        mday: i64::from(tm.tm_mday),
        hour: i64::from(tm.tm_hour),
        min: i64::from(tm.tm_min),
        sec: i64::from(tm.tm_sec),
        wday: i64::from(tm.tm_wday),
        yday: i64::from(tm.tm_yday) + 1,
        isdst: tm.tm_isdst > 0,
        utc_offset: tm.tm_gmtoff,
        zone,
    }
}

fn fields(moment: &Moment) -> Fields {
    let seconds = moment.seconds_i128();
    match moment.zone {
        Zone::Utc => civil_fields(seconds, 0, Some("UTC".into())),
        Zone::Fixed(offset) => civil_fields(seconds, offset, None),
        Zone::Local => local_fields(seconds),
    }
}

/// The seconds since the Epoch of a local date and time (libc's
/// `mktime`, which also carries over a day past the month's end).
fn local_seconds(civil: &Civil) -> Option<i64> {
    // SAFETY: as in `local_fields`.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    tm.tm_year = i32::try_from(civil.year - 1900).ok()?;
    tm.tm_mon = civil.mon as i32 - 1;
    tm.tm_mday = civil.mday as i32;
    tm.tm_hour = civil.hour as i32;
    tm.tm_min = civil.min as i32;
    tm.tm_sec = civil.sec as i32;
    tm.tm_isdst = -1;
    // SAFETY: `mktime` reads and normalises the `tm` it is given.
    let seconds = unsafe {
        tzset();
        libc::mktime(&mut tm)
    };
    Some(seconds)
}

// --- the object -----------------------------------------------------------

/// The internal variables a Time keeps its moment in.
fn names(vm: &mut Vm) -> (Sym, Sym, Sym) {
    (
        vm.symbols.intern("__time_ns"),
        vm.symbols.intern("__time_den"),
        vm.symbols.intern("__time_zone"),
    )
}

fn moment_of(vm: &mut Vm, time: Value) -> VmResult<Moment> {
    let (ns, den, zone) = names(vm);
    let num = vm.ivar_get(time, ns);
    let Some(num) = Int::of(num).map(|n| n.to_big()) else {
        return Err(vm.type_error("uninitialized Time".into()));
    };
    let den = Int::of(vm.ivar_get(time, den)).map_or_else(BigInt::one, |d| d.to_big());
    let zone = match vm.ivar_get(time, zone) {
        Value::TRUE => Zone::Utc,
        offset => match offset.as_fixnum() {
            Some(offset) => Zone::Fixed(offset),
            None => Zone::Local,
        },
    };
    Ok(Moment { num, den, zone })
}

fn store(vm: &mut Vm, time: Value, moment: &Moment) -> VmResult<()> {
    let (ns, den, zone) = names(vm);
    vm.temp_roots.borrow_mut().push(time);
    let result = (|| {
        let num = vm.new_integer(moment.num.clone());
        vm.ivar_set(time, ns, num)?;
        let denominator = vm.new_integer(moment.den.clone());
        vm.ivar_set(time, den, denominator)?;
        let zone_value = match moment.zone {
            Zone::Local => Value::NIL,
            Zone::Utc => Value::TRUE,
            Zone::Fixed(offset) => Value::small(offset),
        };
        vm.ivar_set(time, zone, zone_value)
    })();
    vm.temp_roots.borrow_mut().pop();
    result
}

/// A new Time of `class` at `moment`.
fn new_time(vm: &mut Vm, class: Value, moment: &Moment) -> VmResult {
    let time = vm.new_object(class);
    store(vm, time, moment)?;
    Ok(time)
}

/// The class Time (as the constant names it).
fn time_class(vm: &mut Vm) -> Value {
    let name = vm.symbols.intern("Time");
    let object = vm.c.object;
    vm.own_constant(object, name).unwrap_or(object)
}

/// The moment of another Time argument, if it is one (only Time's own
/// methods give an object a moment).
fn time_arg(vm: &mut Vm, value: Value) -> VmResult<Option<Moment>> {
    let (ns, _, _) = names(vm);
    if value.is_heap() && Int::of(vm.ivar_get(value, ns)).is_some() {
        moment_of(vm, value).map(Some)
    } else {
        Ok(None)
    }
}

/// The moment now, in local time.
fn now() -> Moment {
    let elapsed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as i128);
    Moment::new(BigInt::from(elapsed), BigInt::one(), Zone::Local)
}

// --- conversions of arguments --------------------------------------------

/// MRI's `num_exact` scaled: `value * scale` as an exact fraction
/// `(num, den)`. A Float counts by its exact binary value.
fn exact(vm: &mut Vm, value: Value, scale: i64) -> VmResult<(BigInt, BigInt)> {
    if let Some(int) = Int::of(value) {
        return Ok((int.to_big() * scale, BigInt::one()));
    }
    if let Some(f) = float_of(value) {
        if !f.is_finite() {
            let class = vm.c.float_domain_error;
            return Err(vm.raise(class, crate::core::float::float_to_s(f)));
        }
        let (num, den) = float_ratio(f);
        return Ok((num * scale, den));
    }
    let class = vm.class_name(vm.real_class_of(value));
    Err(vm.type_error(format!("can't convert {class} into an exact number")))
}

/// A finite Float's exact value as a fraction with a power-of-two
/// denominator.
fn float_ratio(f: f64) -> (BigInt, BigInt) {
    let bits = f.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1 << 52) - 1);
    let (mantissa, exponent) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), exponent - 1075)
    };
    let mut num = BigInt::from(mantissa);
    if f.is_sign_negative() {
        num = -num;
    }
    if exponent >= 0 {
        (num << exponent as usize, BigInt::one())
    } else {
        (num, BigInt::one() << (-exponent) as usize)
    }
}

/// `String#to_i` as `Integer()` checks it, base 10 only (MRI's
/// `rb_str_to_inum(s, 10, TRUE)`).
fn strict_decimal(vm: &mut Vm, value: Value) -> VmResult<Option<Value>> {
    let Some(text) = vm.string_text(value) else {
        return Ok(None);
    };
    let trimmed = text.trim_matches(|c: char| c.is_ascii_whitespace());
    let digits = trimmed.trim_start_matches(['+', '-']);
    let valid = !digits.is_empty()
        && trimmed.len() - digits.len() <= 1
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'_')
        && !digits.starts_with('_')
        && !digits.ends_with('_')
        && !digits.contains("__");
    match valid
        .then(|| trimmed.replace('_', "").parse::<BigInt>().ok())
        .flatten()
    {
        Some(n) => Ok(Some(vm.new_integer(n))),
        None => {
            let shown = crate::core::string::inspect_string(text.as_bytes());
            Err(vm.argument_error(format!("invalid value for Integer(): {shown}")))
        }
    }
}

/// MRI's `obj2ubits`: a String or number that must fit `bits` unsigned
/// bits, else "argument out of range".
fn ubits(vm: &mut Vm, value: Value, bits: u32) -> VmResult<i64> {
    let value = strict_decimal(vm, value)?.unwrap_or(value);
    let n = crate::core::array::to_long(vm, value)?;
    let Ok(n) = i32::try_from(n) else {
        let class = vm.c.range_error;
        let message = if n < 0 {
            format!("integer {n} too small to convert to `int'")
        } else {
            format!("integer {n} too big to convert to `int'")
        };
        return Err(vm.raise(class, message));
    };
    if (n as u32) >> bits != 0 {
        return Err(vm.argument_error("argument out of range".into()));
    }
    Ok(i64::from(n))
}

/// A year argument: a String as `Integer()` reads it, else `to_int`.
fn year_arg(vm: &mut Vm, value: Value) -> VmResult<i64> {
    let value = match strict_decimal(vm, value)? {
        Some(int) => int,
        None => {
            if let Some(f) = float_of(value) {
                crate::core::float::float_to_integer(vm, f.trunc())?
            } else if Int::of(value).is_some() {
                value
            } else {
                let name = vm.special_or_class_name(value);
                return Err(vm.type_error(format!("no implicit conversion of {name} into Integer")));
            }
        }
    };
    match Int::of(value) {
        Some(Int::Fix(n)) => Ok(n),
        _ => Err(vm.argument_error("argument out of range".into())),
    }
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// A month: 1..12, or a three-letter English abbreviation in any case.
fn month_arg(vm: &mut Vm, value: Value) -> VmResult<i64> {
    if let Some(text) = vm.string_text(value) {
        if let Some(i) = MONTHS
            .iter()
            .position(|m| text.len() == 3 && m.eq_ignore_ascii_case(&text))
        {
            return Ok(i as i64 + 1);
        }
    }
    ubits(vm, value, 4)
}

/// A broken-down date and time from a constructor's arguments.
struct Civil {
    year: i64,
    mon: i64,
    mday: i64,
    hour: i64,
    min: i64,
    sec: i64,
    /// The fraction of the second, in nanoseconds, as `(num, den)`.
    subsec: (BigInt, BigInt),
}

/// MRI's `time_arg`: year, month, day, hour, minute, second, and (for
/// `Time.utc`/`Time.local` with seven arguments) microseconds. A day past
/// the end of a short month carries into the next month; the fields are
/// then checked (`mon out of range`, ...).
fn civil_args(vm: &mut Vm, args: &[Value], usec_form: bool) -> VmResult<Civil> {
    let arg = |i: usize| args.get(i).copied().filter(|v| !v.is_nil());
    let year = year_arg(vm, args[0])?;
    let mut mon = match arg(1) {
        Some(v) => month_arg(vm, v)?,
        None => 1,
    };
    let mut mday = match arg(2) {
        Some(v) => ubits(vm, v, 5)?,
        None => 1,
    };
    match mon {
        2 => {
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
            let days = if leap { 29 } else { 28 };
            if mday > days {
                mday -= days;
                mon += 1;
            }
        }
        4 | 6 | 9 | 11 if mday == 31 => {
            mon += 1;
            mday = 1;
        }
        _ => {}
    }
    let hour = match arg(3) {
        Some(v) => ubits(vm, v, 5)?,
        None => 0,
    };
    let min = match arg(4) {
        Some(v) => ubits(vm, v, 6)?,
        None => 0,
    };
    let (sec, subsec) = match (arg(5), arg(6).filter(|_| usec_form)) {
        (sec, Some(usec)) => {
            let sec = match sec {
                Some(v) => ubits(vm, v, 6)?,
                None => 0,
            };
            let usec = strict_decimal(vm, usec)?.unwrap_or(usec);
            (sec, exact(vm, usec, 1000)?)
        }
        (Some(sec), None) if vm.string_text(sec).is_some() => {
            (ubits(vm, sec, 6)?, (BigInt::zero(), BigInt::one()))
        }
        (Some(sec), None) => {
            let (num, den) = exact(vm, sec, NS)?;
            let whole = num.div_floor(&(&den * NS));
            let rest = num - &whole * NS * &den;
            let whole = vm.new_integer(whole);
            (ubits(vm, whole, 6)?, (rest, den))
        }
        (None, None) => (0, (BigInt::zero(), BigInt::one())),
    };
    let check = |vm: &mut Vm, ok: bool, name: &str| {
        if ok {
            Ok(())
        } else {
            Err(vm.argument_error(format!("{name} out of range")))
        }
    };
    check(vm, (1..=12).contains(&mon), "mon")?;
    check(vm, (1..=31).contains(&mday), "mday")?;
    check(vm, (0..=24).contains(&hour), "hour")?;
    let last = if hour == 24 { 0 } else { 59 };
    check(vm, (0..=last).contains(&min), "min")?;
    let last = if hour == 24 { 0 } else { 60 };
    check(vm, (0..=last).contains(&sec), "sec")?;
    let (num, den) = &subsec;
    check(vm, !num.is_negative() && *num < den * NS, "subsecx")?;
    Ok(Civil {
        year,
        mon,
        mday,
        hour,
        min,
        sec,
        subsec,
    })
}

/// The moment of a date and time read in `zone`.
fn moment_at(vm: &mut Vm, civil: &Civil, zone: Zone) -> VmResult<Moment> {
    let days = days_from_civil(civil.year, civil.mon, civil.mday);
    let utc = days * 86_400 + civil.hour * 3600 + civil.min * 60 + civil.sec;
    let seconds = match zone {
        Zone::Utc => utc,
        Zone::Fixed(offset) => utc - offset,
        Zone::Local => match local_seconds(civil) {
            Some(seconds) => seconds,
            None => return Err(vm.argument_error("argument out of range".into())),
        },
    };
    let (num, den) = &civil.subsec;
    Ok(Moment::new(
        BigInt::from(seconds) * NS * den + num,
        den.clone(),
        zone,
    ))
}

/// A UTC offset argument: `"+HH:MM"`, `"-HHMM"`, `"+HH"`, `"+HH:MM:SS"`,
/// `"UTC"`/`"Z"` (UTC itself), or Integer seconds; less than a day.
fn zone_arg(vm: &mut Vm, value: Value) -> VmResult<Zone> {
    let offset = if let Some(text) = vm.string_text(value) {
        if text == "UTC" || text == "Z" || text == "-00:00" {
            return Ok(Zone::Utc);
        }
        match parse_offset(&text) {
            Some(offset) => offset,
            None => {
                return Err(vm.argument_error(format!(
                    "\"+HH:MM\", \"-HH:MM\", \"UTC\" or \"A\"..\"I\",\"K\"..\"Z\" expected for utc_offset: {text}"
                )))
            }
        }
    } else {
        crate::core::array::to_long(vm, value)?
    };
    if offset.abs() >= 86_400 {
        return Err(vm.argument_error("utc_offset out of range".into()));
    }
    Ok(Zone::Fixed(offset))
}

fn parse_offset(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    let sign = match bytes.first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let rest = &text[1..];
    let parts: Vec<&str> = if rest.contains(':') {
        rest.split(':').collect()
    } else {
        match rest.len() {
            2 => vec![rest],
            4 => vec![&rest[..2], &rest[2..]],
            6 => vec![&rest[..2], &rest[2..4], &rest[4..]],
            _ => return None,
        }
    };
    if parts.is_empty() || parts.len() > 3 || parts.iter().any(|p| p.len() != 2) {
        return None;
    }
    let mut values = [0i64; 3];
    for (slot, part) in values.iter_mut().zip(&parts) {
        if !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *slot = part.parse().ok()?;
    }
    if values[0] > 23 || values[1] > 59 || values[2] > 59 {
        return None;
    }
    Some(sign * (values[0] * 3600 + values[1] * 60 + values[2]))
}

// --- formatting -------------------------------------------------------------

const DAY_NAMES: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The flags and width of one `strftime` directive.
#[derive(Default, Clone, Copy)]
struct Spec {
    /// `-`: no padding.
    no_pad: bool,
    /// `_` (space) or `0`: the padding asked for.
    pad: Option<u8>,
    /// `^`: upper case.
    upcase: bool,
    /// `#`: the other case.
    swapcase: bool,
    /// The number of `:` (for `%z`).
    colons: usize,
    width: Option<usize>,
}

impl Spec {
    /// A number, padded to the width (`default_width` unless given) with
    /// `default_pad` unless the flags say otherwise.
    fn number(&self, out: &mut Vec<u8>, value: i64, default_width: usize, default_pad: u8) {
        let width = if self.no_pad {
            0
        } else {
            self.width.unwrap_or(default_width)
        };
        let pad = self.pad.unwrap_or(default_pad);
        let digits = value.unsigned_abs().to_string();
        let sign = if value < 0 { "-" } else { "" };
        let used = digits.len() + sign.len();
        let fill = width.saturating_sub(used);
        if pad == b'0' {
            out.extend_from_slice(sign.as_bytes());
            out.extend(std::iter::repeat_n(b'0', fill));
        } else {
            out.extend(std::iter::repeat_n(pad, fill));
            out.extend_from_slice(sign.as_bytes());
        }
        out.extend_from_slice(digits.as_bytes());
    }

    /// Text, in the case the flags ask for (`swap` is what `#` does to
    /// it), padded with spaces (or zeros) to the width.
    fn text(&self, out: &mut Vec<u8>, text: &str, swap: fn(&str) -> String) {
        let text = if self.upcase {
            text.to_ascii_uppercase()
        } else if self.swapcase {
            swap(text)
        } else {
            text.to_string()
        };
        if !self.no_pad {
            let width = self.width.unwrap_or(0);
            let fill = width.saturating_sub(text.len());
            let pad = self.pad.unwrap_or(b' ');
            out.extend(std::iter::repeat_n(pad, fill));
        }
        out.extend_from_slice(text.as_bytes());
    }
}

fn upcase(text: &str) -> String {
    text.to_ascii_uppercase()
}

fn downcase(text: &str) -> String {
    text.to_ascii_lowercase()
}

/// The ISO 8601 week-numbering year and week of a date.
fn iso_week(f: &Fields) -> (i64, i64) {
    let wday = (f.wday + 6) % 7; // Monday is 0
    let yday = f.yday - 1;
    let week = (yday - wday + 10) / 7;
    let leap = |y: i64| y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let weeks_in = |y: i64| {
        let jan1 = (days_from_civil(y, 1, 1) + 4).rem_euclid(7); // 0 Sunday
        if jan1 == 4 || (jan1 == 3 && leap(y)) {
            53
        } else {
            52
        }
    };
    if week < 1 {
        (f.year - 1, weeks_in(f.year - 1))
    } else if week > weeks_in(f.year) {
        (f.year + 1, 1)
    } else {
        (f.year, week)
    }
}

/// `strftime`: the directives of MRI's, with its flags (`-_0^#`), widths
/// and `:` for `%z`. An unknown directive is copied as it is; a format
/// ending inside a directive is an error (the format is returned).
fn strftime(moment: &Moment, f: &Fields, format: &[u8]) -> Result<Vec<u8>, Vec<u8>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < format.len() {
        if format[i] != b'%' {
            out.push(format[i]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let mut spec = Spec::default();
        while let Some(&c) = format.get(i) {
            match c {
                b'-' => spec.no_pad = true,
                b'_' => spec.pad = Some(b' '),
                b'0' => spec.pad = Some(b'0'),
                b'^' => spec.upcase = true,
                b'#' => spec.swapcase = true,
                b':' => spec.colons += 1,
                _ => break,
            }
            i += 1;
        }
        let digits_start = i;
        while format.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i > digits_start {
            let text = std::str::from_utf8(&format[digits_start..i]).unwrap_or("0");
            spec.width = text.parse().ok();
        }
        let Some(&(mut conversion)) = format.get(i) else {
            if spec.colons == 0 {
                return Err(format.to_vec());
            }
            out.extend_from_slice(&format[start..]);
            break;
        };
        i += 1;
        // `%E` and `%O` (alternative representations) change nothing
        // here, before the conversions that allow them.
        let modifier = match conversion {
            b'E' => Some(&b"cCxXyY"[..]),
            b'O' => Some(&b"deHImMSuUVwWy"[..]),
            _ => None,
        };
        if let Some(allowed) = modifier {
            match format.get(i) {
                Some(&next) if allowed.contains(&next) => {
                    conversion = next;
                    i += 1;
                }
                Some(_) => {
                    out.extend_from_slice(&format[start..i]);
                    continue;
                }
                None => {
                    out.extend_from_slice(&format[start..]);
                    break;
                }
            }
        }
        let known = (spec.colons == 0 || conversion == b'z')
            && directive(&mut out, conversion, spec, moment, f);
        if !known {
            out.extend_from_slice(&format[start..i]);
        }
    }
    Ok(out)
}

/// [`strftime`] of one of rhizome's own formats (always valid).
fn format_with(moment: &Moment, f: &Fields, format: &[u8]) -> Vec<u8> {
    strftime(moment, f, format).expect("a valid format")
}

/// Appends one directive's text; false for an unknown directive.
fn directive(out: &mut Vec<u8>, conversion: u8, spec: Spec, moment: &Moment, f: &Fields) -> bool {
    let hour12 = if f.hour % 12 == 0 { 12 } else { f.hour % 12 };
    match conversion {
        b'Y' => {
            let width = if f.year < 0 { 5 } else { 4 };
            spec.number(out, f.year, width, b'0');
        }
        b'C' => spec.number(out, f.year.div_euclid(100), 2, b'0'),
        b'y' => spec.number(out, f.year.rem_euclid(100), 2, b'0'),
        b'm' => spec.number(out, f.mon, 2, b'0'),
        b'd' => spec.number(out, f.mday, 2, b'0'),
        b'e' => spec.number(out, f.mday, 2, b' '),
        b'j' => spec.number(out, f.yday, 3, b'0'),
        b'H' => spec.number(out, f.hour, 2, b'0'),
        b'k' => spec.number(out, f.hour, 2, b' '),
        b'I' => spec.number(out, hour12, 2, b'0'),
        b'l' => spec.number(out, hour12, 2, b' '),
        b'M' => spec.number(out, f.min, 2, b'0'),
        b'S' => spec.number(out, f.sec, 2, b'0'),
        b'u' => spec.number(out, if f.wday == 0 { 7 } else { f.wday }, 1, b'0'),
        b'w' => spec.number(out, f.wday, 1, b'0'),
        b'U' => spec.number(out, (f.yday - 1 + 7 - f.wday) / 7, 2, b'0'),
        b'W' => spec.number(out, (f.yday - 1 + 7 - (f.wday + 6) % 7) / 7, 2, b'0'),
        b'G' => {
            let width = if f.year < 0 { 5 } else { 4 };
            spec.number(out, iso_week(f).0, width, b'0');
        }
        b'g' => spec.number(out, iso_week(f).0.rem_euclid(100), 2, b'0'),
        b'V' => spec.number(out, iso_week(f).1, 2, b'0'),
        b's' => {
            let digits = moment.seconds().to_string();
            let width = spec.width.unwrap_or(1);
            let fill = width.saturating_sub(digits.len());
            let pad = spec.pad.unwrap_or(b'0');
            if !spec.no_pad {
                out.extend(std::iter::repeat_n(pad, fill));
            }
            out.extend_from_slice(digits.as_bytes());
        }
        b'L' | b'N' => {
            let default = if conversion == b'L' { 3 } else { 9 };
            let digits = spec.width.unwrap_or(default) as u32;
            let value = moment.subsec_digits(digits).to_string();
            let fill = (digits as usize).saturating_sub(value.len());
            out.extend(std::iter::repeat_n(b'0', fill));
            out.extend_from_slice(value.as_bytes());
        }
        b'z' => zone_offset(out, spec, f.utc_offset),
        b'Z' => {
            let name = f.zone.clone().unwrap_or_default();
            spec.text(out, &name, downcase);
        }
        b'A' => spec.text(out, DAY_NAMES[f.wday as usize], upcase),
        b'a' => spec.text(out, &DAY_NAMES[f.wday as usize][..3], upcase),
        b'B' => spec.text(out, MONTH_NAMES[f.mon as usize - 1], upcase),
        b'b' | b'h' => spec.text(out, &MONTH_NAMES[f.mon as usize - 1][..3], upcase),
        b'p' => spec.text(out, if f.hour < 12 { "AM" } else { "PM" }, downcase),
        b'P' => spec.text(out, if f.hour < 12 { "am" } else { "pm" }, upcase),
        b'n' => out.push(b'\n'),
        b't' => out.push(b'\t'),
        b'%' => spec.text(out, "%", upcase),
        b'c' | b'D' | b'x' | b'F' | b'T' | b'X' | b'R' | b'r' | b'v' | b'+' => {
            let format: &[u8] = match conversion {
                b'c' => b"%a %b %e %H:%M:%S %Y",
                b'D' | b'x' => b"%m/%d/%y",
                b'F' => b"%Y-%m-%d",
                b'T' | b'X' => b"%H:%M:%S",
                b'R' => b"%H:%M",
                b'r' => b"%I:%M:%S %p",
                b'v' => b"%e-%^b-%4Y",
                _ => return false,
            };
            let text = format_with(moment, f, format);
            let text = String::from_utf8_lossy(&text).into_owned();
            spec.text(out, &text, upcase);
        }
        _ => return false,
    }
    true
}

/// `%z`: `+hhmm`; `%:z` `+hh:mm`; `%::z` `+hh:mm:ss`; `%:::z` only as
/// much as needed. A width pads the hours (after the sign with zeros,
/// before it with spaces for `_`).
fn zone_offset(out: &mut Vec<u8>, spec: Spec, offset: i64) {
    let sign = if offset < 0 { '-' } else { '+' };
    let offset = offset.abs();
    let (hours, minutes, seconds) = (offset / 3600, offset / 60 % 60, offset % 60);
    let tail = match spec.colons {
        0 => format!("{minutes:02}"),
        1 => format!(":{minutes:02}"),
        2 => format!(":{minutes:02}:{seconds:02}"),
        _ if seconds != 0 => format!(":{minutes:02}:{seconds:02}"),
        _ if minutes != 0 => format!(":{minutes:02}"),
        _ => String::new(),
    };
    let width = if spec.no_pad {
        0
    } else {
        spec.width.unwrap_or(0)
    };
    let head_width = width.saturating_sub(tail.len()).max(3);
    let head = if spec.pad == Some(b' ') {
        format!("{:>head_width$}", format!("{sign}{hours}"))
    } else {
        format!("{sign}{hours:0>digits$}", digits = head_width - 1)
    };
    out.extend_from_slice(head.as_bytes());
    out.extend_from_slice(tail.as_bytes());
}

/// `to_s`: `2020-01-02 03:04:05 +0900`, or `... UTC`.
fn to_s(moment: &Moment) -> String {
    let f = fields(moment);
    let format: &[u8] = if moment.zone == Zone::Utc {
        b"%Y-%m-%d %H:%M:%S UTC"
    } else {
        b"%Y-%m-%d %H:%M:%S %z"
    };
    String::from_utf8_lossy(&format_with(moment, &f, format)).into_owned()
}

/// `inspect`: `to_s` with the fraction of the second after the seconds:
/// its digits when it is whole nanoseconds, else the exact fraction.
fn inspect(moment: &Moment) -> String {
    let f = fields(moment);
    let mut text = format_with(moment, &f, b"%Y-%m-%d %H:%M:%S");
    let (num, den) = moment.subsec_ns();
    if num.is_zero() {
    } else if den.is_one() {
        let digits = format!(".{:09}", num);
        text.extend_from_slice(digits.trim_end_matches('0').as_bytes());
    } else {
        let scaled = &den * NS;
        let gcd = num.gcd(&scaled);
        text.extend_from_slice(format!(" {}/{}", &num / &gcd, &scaled / &gcd).as_bytes());
    }
    let suffix: &[u8] = if moment.zone == Zone::Utc {
        b" UTC"
    } else {
        b" %z"
    };
    text.extend(format_with(moment, &f, suffix));
    String::from_utf8_lossy(&text).into_owned()
}

// --- methods ------------------------------------------------------------------

/// `Time.utc`, `Time.gm`: a Time from calendar fields, in UTC.
fn time_singleton_utc(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    civil_time(vm, class, args, Zone::Utc)
}

/// `Time.local`, `Time.mktime`: a Time from calendar fields, in the local
/// zone.
fn time_singleton_local(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    civil_time(vm, class, args, Zone::Local)
}

pub fn define(vm: &mut Vm) {
    let object = vm.c.object;
    let time = vm.define_class("Time", object);
    let comparable = vm.c.comparable;
    vm.include_module(time, comparable);

    vm.define_singleton_native(time, "now", 0, Some(0), time_singleton_now);
    vm.define_singleton_native(time, "at", 1, Some(3), at);
    vm.define_singleton_native(time, "utc", 0, None, time_singleton_utc);
    vm.define_singleton_native(time, "local", 0, None, time_singleton_local);
    // `gm` and `mktime` are other names of `utc` and `local`: errors name
    // the method by its first name, as MRI's do.
    let metaclass = vm.singleton_class(time);
    for (new, old) in [("gm", "utc"), ("mktime", "local")] {
        let (new, old) = (vm.symbols.intern(new), vm.symbols.intern(old));
        crate::core::module::alias_method(vm, metaclass, new, old)
            .expect("Time's own methods alias");
    }
    vm.define_private_native(time, "initialize", 0, Some(7), time_initialize);
    macro_rules! field {
        ($($name:literal => $field:ident),*) => {$(
            vm.define_native(time, $name, 0, Some(0), |vm, time, _| {
                let moment = moment_of(vm, time)?;
                Ok(vm.new_int(i128::from(fields(&moment).$field)))
            });
        )*};
    }
    field!(
        "year" => year, "month" => mon, "mon" => mon, "day" => mday, "mday" => mday,
        "hour" => hour, "min" => min, "wday" => wday, "yday" => yday
    );
    vm.define_native(time, "sec", 0, Some(0), time_sec);
    vm.define_methods(
        time,
        &[
            public("to_i", 0, Some(0), to_i),
            public("tv_sec", 0, Some(0), to_i),
        ],
    );
    vm.define_native(time, "to_f", 0, Some(0), time_to_f);
    vm.define_methods(
        time,
        &[
            public("usec", 0, Some(0), usec),
            public("tv_usec", 0, Some(0), usec),
        ],
    );
    vm.define_methods(
        time,
        &[
            public("nsec", 0, Some(0), nsec_2),
            public("tv_nsec", 0, Some(0), nsec_2),
        ],
    );
    vm.define_native(time, "zone", 0, Some(0), time_zone);
    vm.define_methods(
        time,
        &[
            public("utc_offset", 0, Some(0), utc_offset),
            public("gmt_offset", 0, Some(0), utc_offset),
            public("gmtoff", 0, Some(0), utc_offset),
        ],
    );
    vm.define_methods(
        time,
        &[
            public("utc?", 0, Some(0), utc_p),
            public("gmt?", 0, Some(0), utc_p),
        ],
    );
    vm.define_methods(
        time,
        &[
            public("dst?", 0, Some(0), dst_p),
            public("isdst", 0, Some(0), dst_p),
        ],
    );
    macro_rules! weekday {
        ($($name:literal => $wday:literal),*) => {$(
            vm.define_native(time, $name, 0, Some(0), |vm, time, _| {
                let moment = moment_of(vm, time)?;
                Ok(Value::bool(fields(&moment).wday == $wday))
            });
        )*};
    }
    weekday!(
        "sunday?" => 0, "monday?" => 1, "tuesday?" => 2, "wednesday?" => 3,
        "thursday?" => 4, "friday?" => 5, "saturday?" => 6
    );
    vm.define_methods(
        time,
        &[
            public("to_a", 0, Some(0), time_to_a),
            public("to_s", 0, Some(0), time_to_s),
            public("inspect", 0, Some(0), time_inspect),
        ],
    );
    vm.define_methods(
        time,
        &[
            public("ctime", 0, Some(0), ctime),
            public("asctime", 0, Some(0), ctime),
        ],
    );
    vm.define_methods(
        time,
        &[
            public("strftime", 1, Some(1), time_strftime),
            public("+", 1, Some(1), time_plus),
            public("-", 1, Some(1), time_minus),
            public("<=>", 1, Some(1), time_cmp),
            public("eql?", 1, Some(1), time_eql_p),
            public("hash", 0, Some(0), time_hash),
            public("round", 0, Some(1), time_round),
        ],
    );
    vm.define_methods(
        time,
        &[
            public("utc", 0, Some(0), utc),
            public("gmtime", 0, Some(0), utc),
        ],
    );
    vm.define_methods(
        time,
        &[
            public("getutc", 0, Some(0), getutc),
            public("getgm", 0, Some(0), getutc),
        ],
    );
    vm.define_native(time, "getlocal", 0, Some(1), time_getlocal);
    vm.define_native(time, "localtime", 0, Some(1), time_localtime);
}

/// `Time.now`.
fn time_singleton_now(vm: &mut Vm, class: Value, _: &[Value]) -> VmResult {
    new_time(vm, class, &now())
}

/// `initialize`.
fn time_initialize(vm: &mut Vm, time: Value, args: &[Value]) -> VmResult {
    let moment = if args.is_empty() {
        now()
    } else {
        let zone = match args.get(6) {
            Some(&zone) if !zone.is_nil() => zone_arg(vm, zone)?,
            _ => Zone::Local,
        };
        let civil = civil_args(vm, args, false)?;
        moment_at(vm, &civil, zone)?
    };
    store(vm, time, &moment)?;
    Ok(Value::NIL)
}

/// `sec`.
fn time_sec(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    Ok(Value::small(fields(&moment).sec))
}

/// `to_f`.
fn time_to_f(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    Ok(vm.new_float(moment.to_f()))
}

/// `zone`.
fn time_zone(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    Ok(match fields(&moment).zone {
        Some(zone) => vm.new_str(&zone),
        None => Value::NIL,
    })
}

/// `to_a`.
fn time_to_a(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    let f = fields(&moment);
    let zone = match &f.zone {
        Some(zone) => vm.new_str(zone),
        None => Value::NIL,
    };
    let year = vm.new_int(i128::from(f.year));
    let values = vec![
        Value::small(f.sec),
        Value::small(f.min),
        Value::small(f.hour),
        Value::small(f.mday),
        Value::small(f.mon),
        year,
        Value::small(f.wday),
        Value::small(f.yday),
        Value::bool(f.isdst),
        zone,
    ];
    Ok(vm.new_array(values))
}

/// `to_s`.
fn time_to_s(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    Ok(vm.new_str(&to_s(&moment)))
}

/// `inspect`.
fn time_inspect(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    Ok(vm.new_str(&inspect(&moment)))
}

/// `strftime`.
fn time_strftime(vm: &mut Vm, time: Value, args: &[Value]) -> VmResult {
    let format = crate::core::string::expect_string(vm, args[0])?;
    let moment = moment_of(vm, time)?;
    match strftime(&moment, &fields(&moment), &format) {
        Ok(text) => Ok(vm.new_string(text)),
        Err(format) => {
            let format = String::from_utf8_lossy(&format).into_owned();
            Err(vm.argument_error(format!("invalid format: {format}")))
        }
    }
}

/// `+`.
fn time_plus(vm: &mut Vm, time: Value, args: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    if time_arg(vm, args[0])?.is_some() {
        return Err(vm.type_error("time + time?".into()));
    }
    let (num, den) = exact(vm, args[0], NS)?;
    let class = time_class(vm);
    new_time(vm, class, &moment.add(&num, &den))
}

/// `-`.
fn time_minus(vm: &mut Vm, time: Value, args: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    if let Some(other) = time_arg(vm, args[0])? {
        let num = &moment.num * &other.den - &other.num * &moment.den;
        let den = &moment.den * &other.den;
        let gcd = num.gcd(&den);
        let (num, den) = if gcd.is_zero() {
            (num, den)
        } else {
            (&num / &gcd, &den / &gcd)
        };
        return Ok(vm.new_float(seconds_f64(&num, &den)));
    }
    let (num, den) = exact(vm, args[0], NS)?;
    let class = time_class(vm);
    new_time(vm, class, &moment.add(&-num, &den))
}

/// `<=>`.
fn time_cmp(vm: &mut Vm, time: Value, args: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    let Some(other) = time_arg(vm, args[0])? else {
        return Ok(Value::NIL);
    };
    let order = (&moment.num * &other.den).cmp(&(&other.num * &moment.den));
    Ok(Value::small(order as i64))
}

/// `eql?`.
fn time_eql_p(vm: &mut Vm, time: Value, args: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    Ok(Value::bool(match time_arg(vm, args[0])? {
        Some(other) => moment.num == other.num && moment.den == other.den,
        None => false,
    }))
}

/// `hash`.
fn time_hash(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    let hash = moment
        .num
        .iter_u64_digits()
        .chain(moment.den.iter_u64_digits())
        .fold(0x2545_f491_i64, |h, d| {
            (h.rotate_left(5) ^ d as i64).wrapping_mul(0x9e37_79b9_7f4a_7c15_u64 as i64)
        });
    Ok(vm.new_int(i128::from(hash >> 2)))
}

/// `round`.
fn time_round(vm: &mut Vm, time: Value, args: &[Value]) -> VmResult {
    let digits = match args.first() {
        Some(&digits) => crate::core::array::to_long(vm, digits)?,
        None => 0,
    };
    if digits < 0 {
        return Err(vm.argument_error("negative ndigits given".into()));
    }
    let moment = moment_of(vm, time)?;
    // Seconds scaled by 10**digits, rounded half up, then back.
    let scale = BigInt::from(10u32).pow(digits.min(1000) as u32);
    let den = &moment.den * NS;
    let scaled_num: BigInt = &moment.num * &scale * 2 + &den;
    let rounded = scaled_num.div_floor(&(&den * 2));
    let rounded = Moment::new(rounded * NS, scale, moment.zone);
    let class = time_class(vm);
    new_time(vm, class, &rounded)
}

/// `getlocal`.
fn time_getlocal(vm: &mut Vm, time: Value, args: &[Value]) -> VmResult {
    rezone(vm, time, args, false, Zone::Local)
}

/// `localtime`.
fn time_localtime(vm: &mut Vm, time: Value, args: &[Value]) -> VmResult {
    rezone(vm, time, args, true, Zone::Local)
}

/// `utc`/`localtime` (in place) and `getutc`/`getlocal` (a copy): the
/// same moment shown in another zone (`localtime("+09:00")` a fixed one).
fn rezone(vm: &mut Vm, time: Value, args: &[Value], in_place: bool, zone: Zone) -> VmResult {
    let mut moment = moment_of(vm, time)?;
    moment.zone = match args.first() {
        Some(&offset) if !offset.is_nil() && zone == Zone::Local => zone_arg(vm, offset)?,
        _ => zone,
    };
    if in_place {
        if moment_of(vm, time)?.zone != moment.zone {
            vm.check_frozen(time)?;
            store(vm, time, &moment)?;
        }
        Ok(time)
    } else {
        let class = vm.real_class_of(time);
        new_time(vm, class, &moment)
    }
}

/// `Time.at(time, subsec = 0, unit = :microsecond)`.
fn at(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    let mut moment = match time_arg(vm, args[0])? {
        Some(moment) => moment,
        None => {
            let (num, den) = exact(vm, args[0], NS)?;
            Moment::new(num, den, Zone::Local)
        }
    };
    if let Some(&subsec) = args.get(1) {
        let scale = match args.get(2) {
            None => 1000,
            Some(&unit) => {
                let name = unit.as_symbol().map(|s| vm.symbols.name(s).to_string());
                match name.as_deref() {
                    Some("millisecond") => 1_000_000,
                    Some("usec" | "microsecond") => 1000,
                    Some("nsec" | "nanosecond") => 1,
                    _ => {
                        let shown = vm.to_s_bytes(unit)?;
                        let shown = String::from_utf8_lossy(&shown).into_owned();
                        return Err(vm.argument_error(format!("unexpected unit: {shown}")));
                    }
                }
            }
        };
        let (num, den) = exact(vm, subsec, scale)?;
        moment = moment.add(&num, &den);
    }
    new_time(vm, class, &moment)
}

/// `Time.utc`/`Time.local`: from 1 to 8 arguments (the seventh is
/// microseconds), or the 10 of `Time#to_a`.
fn civil_time(vm: &mut Vm, class: Value, args: &[Value], zone: Zone) -> VmResult {
    let civil = if args.len() == 10 {
        let reordered = [args[5], args[4], args[3], args[2], args[1], args[0]];
        civil_args(vm, &reordered, false)?
    } else if args.is_empty() || args.len() > 8 {
        return Err(vm.argument_error(format!(
            "wrong number of arguments (given {}, expected 1..8)",
            args.len()
        )));
    } else {
        civil_args(vm, args, args.len() == 7)?
    };
    let moment = moment_at(vm, &civil, zone)?;
    new_time(vm, class, &moment)
}

/// `to_i`, `tv_sec`.
fn to_i(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    Ok(vm.new_integer(moment.seconds()))
}

/// `usec`, `tv_usec`.
fn usec(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    Ok(Value::small(moment.nsec() / 1000))
}

/// `nsec`, `tv_nsec`.
fn nsec_2(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    Ok(Value::small(moment.nsec()))
}

/// `utc_offset`, `gmt_offset`, `gmtoff`.
fn utc_offset(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    Ok(Value::small(fields(&moment).utc_offset))
}

/// `utc?`, `gmt?`.
fn utc_p(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    Ok(Value::bool(moment.zone == Zone::Utc))
}

/// `dst?`, `isdst`.
fn dst_p(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    Ok(Value::bool(fields(&moment).isdst))
}

/// `ctime`, `asctime`.
fn ctime(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    let moment = moment_of(vm, time)?;
    let text = format_with(&moment, &fields(&moment), b"%a %b %e %H:%M:%S %Y");
    Ok(vm.new_string(text))
}

/// `utc`, `gmtime`.
fn utc(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    rezone(vm, time, &[], true, Zone::Utc)
}

/// `getutc`, `getgm`.
fn getutc(vm: &mut Vm, time: Value, _: &[Value]) -> VmResult {
    rezone(vm, time, &[], false, Zone::Utc)
}
