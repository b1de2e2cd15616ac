# Benchmark, the standard library's (MRI 3.1 loads it with
# `require "benchmark"`): timing blocks of code. `measure` answers a
# Benchmark::Tms of the user, system and children's CPU seconds
# (`Process.times`) and the real seconds (the monotonic clock) a block
# took; `realtime` only the real seconds; `bm` and `bmbm` print a report
# in MRI's layout (`CAPTION`, then one `FORMAT` line per labelled block;
# `bmbm` runs every block twice, a rehearsal first). Everything MRI's
# benchmark.rb defines is here.

module Benchmark
  BENCHMARK_VERSION = "2002-04-25"

  def benchmark(caption = "", label_width = nil, format = nil, *labels)
    sync = $stdout.sync
    $stdout.sync = true
    label_width ||= 0
    label_width += 1
    format ||= FORMAT
    print " " * label_width + caption unless caption.empty?
    report = Report.new(label_width, format)
    results = yield(report)
    if Array === results
      results.grep(Tms).each do |t|
        print((labels.shift || t.label || "").ljust(label_width), t.format(format))
      end
    end
    report.list
  ensure
    $stdout.sync = sync unless sync.nil?
  end

  def bm(label_width = 0, *labels, &blk)
    benchmark(CAPTION, label_width, FORMAT, *labels, &blk)
  end

  def bmbm(width = 0)
    job = Job.new(width)
    yield(job)
    width = job.width + 1
    sync = $stdout.sync
    $stdout.sync = true

    # The rehearsal.
    puts "Rehearsal ".ljust(width + CAPTION.length, "-")
    sum = Tms.new
    job.list.each do |label, item|
      print label.ljust(width)
      res = Benchmark.measure(&item)
      print res.format
      sum += res
    end
    ets = sum.format("total: %tsec")
    print " #{ets}\n\n".rjust(width + CAPTION.length + 2, "-")

    # The real run.
    print " " * width + CAPTION
    job.list.map do |label, item|
      GC.start
      print label.ljust(width)
      res = Benchmark.measure(label, &item)
      print res
      res
    end
  ensure
    $stdout.sync = sync unless sync.nil?
  end

  def measure(label = "")
    t0, r0 = Process.times, Process.clock_gettime(Process::CLOCK_MONOTONIC)
    yield
    t1, r1 = Process.times, Process.clock_gettime(Process::CLOCK_MONOTONIC)
    Benchmark::Tms.new(t1.utime - t0.utime,
                       t1.stime - t0.stime,
                       t1.cutime - t0.cutime,
                       t1.cstime - t0.cstime,
                       r1 - r0,
                       label)
  end

  def realtime
    r0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    yield
    Process.clock_gettime(Process::CLOCK_MONOTONIC) - r0
  end

  module_function :benchmark, :measure, :realtime, :bm, :bmbm

  # What `bmbm` yields: collects the labelled blocks to run.
  class Job
    def initialize(width)
      @width = width
      @list = []
    end

    def item(label = "", &blk)
      raise ArgumentError, "no block" unless block_given?
      label = label.to_s
      w = label.length
      @width = w if @width < w
      @list << [label, blk]
      self
    end
    alias report item

    attr_reader :list
    attr_reader :width
  end

  # What `bm` and `benchmark` yield: runs and prints each labelled block.
  class Report
    def initialize(width = 0, format = nil)
      @width, @format, @list = width, format, []
    end

    def item(label = "", *format, &blk)
      print label.to_s.ljust(@width)
      @list << res = Benchmark.measure(label, &blk)
      print res.format(@format, *format)
      res
    end
    alias report item

    attr_reader :list
  end

  # The times of one measurement.
  class Tms
    CAPTION = "      user     system      total        real\n"
    FORMAT = "%10.6u %10.6y %10.6t %10.6r\n"

    attr_reader :utime
    attr_reader :stime
    attr_reader :cutime
    attr_reader :cstime
    attr_reader :real
    attr_reader :total
    attr_reader :label

    def initialize(utime = 0.0, stime = 0.0, cutime = 0.0, cstime = 0.0, real = 0.0, label = nil)
      @utime, @stime, @cutime, @cstime, @real, @label = utime, stime, cutime, cstime, real, label.to_s
      @total = @utime + @stime + @cutime + @cstime
    end

    def add(&blk)
      self + Benchmark.measure(&blk)
    end

    def add!(&blk)
      t = Benchmark.measure(&blk)
      @utime = utime + t.utime
      @stime = stime + t.stime
      @cutime = cutime + t.cutime
      @cstime = cstime + t.cstime
      @real = real + t.real
      self
    end

    def +(other); memberwise(:+, other) end
    def -(other); memberwise(:-, other) end
    def *(x); memberwise(:*, x) end
    def /(x); memberwise(:/, x) end

    # `%u` user, `%y` system, `%U` and `%Y` the children's, `%t` total,
    # `%r` real (in parentheses) and `%n` the label, each with the width
    # and precision written before the letter; `args` then fill the rest.
    def format(format = nil, *args)
      str = (format || FORMAT).dup
      str.gsub!(/(%[-+.\d]*)n/) { "#{$1}s" % label }
      str.gsub!(/(%[-+.\d]*)u/) { "#{$1}f" % utime }
      str.gsub!(/(%[-+.\d]*)y/) { "#{$1}f" % stime }
      str.gsub!(/(%[-+.\d]*)U/) { "#{$1}f" % cutime }
      str.gsub!(/(%[-+.\d]*)Y/) { "#{$1}f" % cstime }
      str.gsub!(/(%[-+.\d]*)t/) { "#{$1}f" % total }
      str.gsub!(/(%[-+.\d]*)r/) { "(#{$1}f)" % real }
      format ? str % args : str
    end

    def to_s
      format
    end

    def to_a
      [@label, @utime, @stime, @cutime, @cstime, @real]
    end

    def to_h
      {
        label: @label,
        utime: @utime,
        stime: @stime,
        cutime: @cutime,
        cstime: @cstime,
        real: @real
      }
    end

    protected

    def memberwise(op, x)
      case x
      when Benchmark::Tms
        Benchmark::Tms.new(utime.__send__(op, x.utime),
                           stime.__send__(op, x.stime),
                           cutime.__send__(op, x.cutime),
                           cstime.__send__(op, x.cstime),
                           real.__send__(op, x.real))
      else
        Benchmark::Tms.new(utime.__send__(op, x),
                           stime.__send__(op, x),
                           cutime.__send__(op, x),
                           cstime.__send__(op, x),
                           real.__send__(op, x))
      end
    end
  end

  CAPTION = Benchmark::Tms::CAPTION
  FORMAT = Benchmark::Tms::FORMAT
end
