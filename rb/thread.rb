# Threads. rhizome runs one Ruby thread, the main one: `Thread.current`
# and `Thread.main` answer it, with its fiber-local variables (`[]`,
# `[]=`, `key?`, `keys`), its thread variables, its name and the
# `report_on_exception`/`abort_on_exception` flags; starting another
# thread raises NotImplementedError. (The Thread class and ThreadError
# are made in src/core/thread.rs.) A Mutex keeps MRI's rules for its
# one owner (recursive locking and unlocking an unlocked mutex are
# ThreadErrors).
class Thread
  class << self
    attr_accessor :report_on_exception, :abort_on_exception

    def main = @main
    def current = @main
    def list = [@main]
    def pass = nil

    def new(*)
      raise NotImplementedError, "Thread.new is not supported by rhizome (one thread runs)"
    end
    alias_method :start, :new
    alias_method :fork, :new
  end

  # `__thread_key` (src/core/thread.rs) checks a key: a Symbol, or a String
  # as its Symbol; its TypeError says "nor a string" where MRI's does.
  def [](key) = @locals[__thread_key(key, true)]
  def []=(key, value)
    @locals[__thread_key(key, false)] = value
  end
  def key?(key) = @locals.key?(__thread_key(key, true))
  def keys = @locals.keys

  def thread_variable_get(key) = @variables[__thread_key(key, false)]
  def thread_variable_set(key, value)
    @variables[__thread_key(key, false)] = value
  end
  def thread_variable?(key) = @variables.key?(__thread_key(key, false))
  def thread_variables = @variables.keys

  attr_reader :name
  def name=(name)
    unless name.nil? || name.is_a?(String)
      shown = [true, false].include?(name) ? name.inspect : name.class
      raise TypeError, "no implicit conversion of #{shown} into String"
    end
    @name = name
  end

  attr_accessor :report_on_exception, :abort_on_exception
  def alive? = true
  def stop? = false
  def status = "run"
  # Every thread there is is the current one.
  def join(*)
    raise ThreadError, "Target thread must not be current thread"
  end

  def to_s
    named = @name ? "@#{@name}" : ""
    "#{Kernel.instance_method(:to_s).bind_call(self).chop}#{named} #{status}>"
  end
  alias_method :inspect, :to_s

  private

  def __become_main
    @locals = {}
    @variables = {}
    @name = nil
    @report_on_exception = true
    @abort_on_exception = false
  end

  @report_on_exception = true
  @abort_on_exception = false
  @main = allocate
  @main.__send__(:__become_main)
end

class Thread::Mutex
  def initialize
    @locked = false
  end

  def locked? = @locked
  def owned? = @locked

  def lock
    raise ThreadError, "deadlock; recursive locking" if @locked
    @locked = true
    self
  end

  def try_lock
    return false if @locked
    @locked = true
  end

  def unlock
    raise ThreadError, "Attempt to unlock a mutex which is not locked" unless @locked
    @locked = false
    self
  end

  def synchronize
    lock
    begin
      yield
    ensure
      unlock
    end
  end
end

Mutex = Thread::Mutex
