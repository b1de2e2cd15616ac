# utc/localtime change the zone in place, getutc/getlocal copy; the local
# zone follows ENV["TZ"].
ENV["TZ"] = "JST-9"
t = Time.at(0)
p t, t.zone, t.utc_offset, t.utc?, t.to_a
p Time.local(2000, 1, 1).to_i, Time.mktime(2000, 1, 1, 9).utc
u = t.getutc
p u, t, u.utc?
t.utc
p t, t.utc?
t.localtime
p t
p Time.utc(2020).getlocal("+05:00"), Time.utc(2020).localtime("-02:00")
p t.strftime("%Z %z")
ENV["TZ"] = "EST5EDT,M3.2.0,M11.1.0"
summer = Time.local(2000, 7, 1)
winter = Time.local(2000, 1, 1)
p summer, summer.dst?, summer.zone, winter.zone, winter.isdst
ENV["TZ"] = "UTC"
p Time.at(0), Time.at(0).zone
