# A bank ledger simulation: a Money value class (Comparable, integer cents,
# parsing and formatting without format strings), an account hierarchy with an
# Auditable mixin, validation errors as custom exception classes, a flaky
# gateway whose transient failures are retried, compensation when half of a
# transfer fails, ensure-based bookkeeping, and month-end interest and fees.
#
# Usage: bank_ledger.rb [N] -- process N generated transactions (default 80).
# Benchmark: `ruby bank_ledger.rb 150000` takes about 1.4 s on MRI 3.1.2 (1.3 s with --yjit).

class Lcg
  def initialize(seed)
    @state = seed
  end

  def next_int(bound)
    @state = (@state * 214013 + 2531011) % 4294967296
    (@state >> 16) % bound
  end
end

class LedgerError < StandardError; end
class ValidationError < LedgerError; end
class UnknownAccount < LedgerError; end
class AccountFrozen < LedgerError; end
class LimitExceeded < LedgerError; end
class TransientFailure < LedgerError; end

class InsufficientFunds < LedgerError
  attr_reader :shortfall

  def initialize(account, shortfall)
    @shortfall = shortfall
    super("account #{account.id} is short by #{shortfall}")
  end
end

class Money
  include Comparable
  attr_reader :cents

  def self.parse(text)
    whole, frac, extra = text.split(".")
    valid = extra.nil? && digits?(whole) && (frac.nil? || (frac.size == 2 && digits?(frac)))
    raise ValidationError, "malformed amount '#{text}'" unless valid
    new(whole.to_i * 100 + frac.to_i)
  end

  def self.digits?(text)
    !text.nil? && !text.empty? && text.chars.all? { |c| c >= "0" && c <= "9" }
  end

  def initialize(cents)
    @cents = cents
  end

  def +(other) = Money.new(cents + other.cents)
  def -(other) = Money.new(cents - other.cents)
  def -@ = Money.new(-cents)
  def <=>(other) = cents <=> other.cents
  def zero? = cents == 0
  def negative? = cents < 0

  # Basis points, rounded half away from zero with integer arithmetic only.
  def percent(basis_points)
    q, r = (cents.abs * basis_points).divmod(10_000)
    q += 1 if r * 2 >= 10_000
    Money.new(cents < 0 ? -q : q)
  end

  def to_s
    whole, frac = cents.abs.divmod(100)
    digits = whole.to_s
    groups = []
    while digits.size > 3
      groups.unshift(digits[-3, 3])
      digits = digits[0, digits.size - 3]
    end
    groups.unshift(digits)
    "#{negative? ? '-' : ''}$#{groups.join(',')}.#{frac.to_s.rjust(2, '0')}"
  end
end

module Auditable
  def audit_log
    @audit_log ||= []
  end

  def record(event)
    audit_log << event
    audit_log.shift if audit_log.size > 5
  end
end

class Account
  include Auditable
  attr_reader :id, :owner, :balance
  attr_accessor :frozen

  def initialize(id, owner, opening)
    @id = id
    @owner = owner
    @balance = opening
    @frozen = false
  end

  def kind = "basic"
  def floor = Money.new(0)

  def deposit(amount)
    raise AccountFrozen, "account #{id} is frozen" if frozen
    @balance += amount
    record("+#{amount}")
  end

  def withdraw(amount)
    raise AccountFrozen, "account #{id} is frozen" if frozen
    check_withdrawal(amount)
    short = floor - (balance - amount)
    raise InsufficientFunds.new(self, short) if short.cents > 0
    @balance -= amount
    record("-#{amount}")
  end

  def check_withdrawal(_amount); end

  def month_end
    Money.new(0)
  end

  def to_s = "#{kind} ##{id} #{owner.ljust(7)} #{balance.to_s.rjust(12)}#{frozen ? ' (frozen)' : ''}"
end

class CheckingAccount < Account
  def initialize(id, owner, opening, overdraft: Money.new(50_000))
    super(id, owner, opening)
    @overdraft = overdraft
  end

  def kind = "checking"
  def floor = -@overdraft

  def month_end
    return Money.new(0) unless balance.negative?
    fee = balance.percent(150) - Money.new(500)
    @balance += fee
    record("fee #{fee}")
    fee
  end
end

class SavingsAccount < Account
  MAX_WITHDRAWALS = 3

  def initialize(id, owner, opening, rate: 25)
    super(id, owner, opening)
    @rate = rate
    @withdrawals = 0
  end

  def kind = "savings"

  def check_withdrawal(amount)
    if @withdrawals >= MAX_WITHDRAWALS
      raise LimitExceeded, "account #{id} reached #{MAX_WITHDRAWALS} withdrawals this month"
    end
    @withdrawals += 1
  end

  def month_end
    @withdrawals = 0
    interest = balance.percent(@rate)
    @balance += interest
    record("interest #{interest}")
    interest
  end
end

Txn = Struct.new(:id, :kind, :from, :to, :amount_text)

class Gateway
  attr_reader :calls, :failures

  def initialize(rng)
    @rng = rng
    @calls = 0
    @failures = 0
  end

  def confirm(txn)
    @calls += 1
    return if @rng.next_int(10) >= 2
    @failures += 1
    raise TransientFailure, "gateway timeout for txn #{txn.id}"
  end
end

class Ledger
  include Enumerable
  attr_reader :stats, :in_flight

  def initialize(gateway)
    @gateway = gateway
    @accounts = []
    @stats = Hash.new(0)
    @in_flight = 0
    @flow = Money.new(0)
  end

  def open(klass, owner, opening, **options)
    account = klass.new(@accounts.size, owner, opening, **options)
    @accounts << account
    @flow += opening
    account
  end

  def each(&block)
    @accounts.each(&block)
    self
  end

  def [](id)
    raise UnknownAccount, "no account #{id}" unless id.is_a?(Integer) && id >= 0 && id < @accounts.size
    @accounts[id]
  end

  def find_by_owner(name)
    each { |account| return account if account.owner == name }
    raise UnknownAccount, "nobody called #{name}"
  end

  def total = @accounts.sum(Money.new(0)) { |a| a.balance }
  def balanced? = total == @flow

  def process(txn)
    attempts = 0
    @in_flight += 1
    begin
      attempts += 1
      @gateway.confirm(txn)
      detail = apply(txn)
      @stats["ok"] += 1
      "ok #{detail}#{attempts > 1 ? " after #{attempts} attempts" : ''}"
    rescue TransientFailure => e
      @stats["retries"] += 1
      retry if attempts < 3
      @stats["gave_up"] += 1
      "gave up: #{e.message}"
    rescue InsufficientFunds => e
      @stats["insufficient"] += 1
      "declined: #{e.message}"
    rescue LedgerError => e
      @stats[e.class.name] += 1
      "rejected (#{e.class}): #{e.message}"
    ensure
      @in_flight -= 1
    end
  end

  def month_end
    map { |a| a.month_end }.each { |delta| @flow += delta }
  end

  private

  def apply(txn)
    case txn.kind
    when :deposit
      amount = Money.parse(txn.amount_text)
      self[txn.to].deposit(amount)
      @flow += amount
      "deposit #{amount} to ##{txn.to}"
    when :withdraw
      amount = Money.parse(txn.amount_text)
      self[txn.from].withdraw(amount)
      @flow -= amount
      "withdraw #{amount} from ##{txn.from}"
    when :transfer
      transfer(self[txn.from], self[txn.to], Money.parse(txn.amount_text))
    when :freeze, :thaw
      self[txn.to].frozen = txn.kind == :freeze
      "#{txn.kind} ##{txn.to}"
    else
      raise ValidationError, "unknown transaction kind #{txn.kind}"
    end
  end

  def transfer(source, target, amount)
    raise ValidationError, "transfer to same account #{source.id}" if source.equal?(target)
    source.withdraw(amount)
    begin
      target.deposit(amount)
    rescue AccountFrozen
      source.deposit(amount)
      @stats["compensated"] += 1
      raise
    end
    "transfer #{amount} ##{source.id} -> ##{target.id}"
  end
end

def random_amount(rng)
  cents = 100 + rng.next_int(120_000)
  text = "#{cents / 100}.#{(cents % 100).to_s.rjust(2, '0')}"
  case rng.next_int(40)
  when 0 then text + "x"
  when 1 then text + ".5"
  when 2 then "." + text
  else text
  end
end

count = ARGV[0] ? ARGV[0].to_i : 80
rng = Lcg.new(77)
ledger = Ledger.new(Gateway.new(Lcg.new(2024)))
owners = %w[ada grace linus barbara ken dennis alan edsger]
owners.each_with_index do |owner, i|
  opening = Money.new(10_000 * (i + 1))
  case i % 3
  when 0 then ledger.open(CheckingAccount, owner, opening)
  when 1 then ledger.open(SavingsAccount, owner, opening, rate: 20 + i * 5)
  else ledger.open(CheckingAccount, owner, opening, overdraft: Money.new(5_000))
  end
end

puts "== money =="
["0.05", "12.30", "1234567.89", "7", "12.3", "1.2.3", "abc", ""].each do |text|
  puts "#{text.inspect} -> #{Money.parse(text)}"
rescue ValidationError => e
  puts "#{text.inspect} -> #{e.message}"
end
a = Money.new(123_456)
puts "#{a} + #{-a} = #{a + -a}; 1.5% of #{a} is #{a.percent(150)}; max #{[a, Money.new(99), -a].max}"
puts [Money.new(500), Money.new(-20), Money.new(300)].sort.map(&:to_s).join(" < ")

puts "== opening =="
ledger.each { |acct| puts acct }
puts "total #{ledger.total}"

puts "== transactions =="
kinds = [:deposit] * 5 + [:withdraw] * 4 + [:transfer] * 6 + [:freeze] + [:thaw] * 3 + [:audit]
checksum = 0
count.times do |i|
  kind = kinds[rng.next_int(kinds.size)]
  from = rng.next_int(owners.size + 1)
  to = rng.next_int(owners.size + 1)
  txn = Txn.new(i + 1, kind, from, to, random_amount(rng))
  outcome = ledger.process(txn)
  checksum = (checksum * 17 + outcome.size) % 1_000_000_007
  puts "#{txn.id}. #{outcome}" if i < 100
  if (i + 1) % 25 == 0
    ledger.month_end
    puts "-- month end after #{i + 1}: total #{ledger.total}, balanced #{ledger.balanced?}" if i < 100
  end
end

puts "== statements =="
ledger.each do |acct|
  puts acct
  puts "  recent: #{acct.audit_log.join(', ')}"
end
%w[grace nobody ken].each do |name|
  puts "lookup #{name}: #{ledger.find_by_owner(name)}"
rescue UnknownAccount => e
  puts "lookup #{name}: #{e.message}"
end
richest = ledger.max_by { |acct| [acct.balance, -acct.id] }
puts "richest: #{richest.owner} with #{richest.balance}"
overdrawn = ledger.select { |acct| acct.balance.negative? }.map(&:owner)
puts "overdrawn: #{overdrawn.empty? ? 'none' : overdrawn.join(', ')}"
puts "by kind: " + ledger.group_by(&:kind).map { |k, accts| "#{k}=#{accts.size}" }.join(" ")
stats = ledger.stats
puts "stats: " + stats.keys.sort.map { |k| "#{k}=#{stats[k]}" }.join(" ")
puts "total #{ledger.total} balanced #{ledger.balanced?} in_flight #{ledger.in_flight}"
puts "checksum #{checksum}"
# spec: skip-mode gc-stress 0.7 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
